// The frame both compare screens share: the target and repeats, what is compared (the screen's own fields), run or
// cancel, and the job's log and results.
import { useEffect, useState, type ReactNode } from 'react';
import { navigate } from '../../navigation/router';
import { JobLog } from './JobLog';
import { useOptimizer } from './optimizer.store';
import { useOptimizerEvents } from './optimizer-events';
import { VariantResults } from './VariantResults';
import { ErrorAlert } from '../../components/ErrorAlert';
import { PageHeader } from '../../components/PageHeader';
import { plural } from '../../../src-shared/text/plural';

type Props = Readonly<{
  /** The route under optimizer/, which also prefixes the test ids (`compare-target`, `run-compare`). */
  screen: 'compare' | 'compare-models';
  testId: string;
  title: string;
  intro: ReactNode;
  targetId: string | undefined;
  /** How many of the things compared can run. */
  runnable: number;
  /** What one of them is called ("variant", "model"): the add button (`add-<noun>`) and the run button say it. */
  noun: string;
  /** Said while fewer than two can run. */
  tooFew: string;
  /** Starts the comparison of the chosen target; resolves to its job id (undefined when refused). */
  onStart(targetId: string, repeat: number): Promise<string | undefined>;
  /** Whether there is room for one more thing to compare (the "Add <noun>" button). */
  canAdd: boolean;
  onAdd(): void;
  /** The things compared: the screen's own fields. */
  children: ReactNode;
}>;

export function CompareJobPage(props: Props) {
  const { screen, targetId, runnable } = props;
  const targets = useOptimizer((state) => state.targets);
  const error = useOptimizer((state) => state.error);
  const jobs = useOptimizer((state) => state.jobs);
  const [repeat, setRepeat] = useState(1);
  const [jobId, setJobId] = useState<string>();
  useOptimizerEvents();
  useEffect(() => void useOptimizer.getState().listOpened(), []);
  const job = jobId ? jobs[jobId] : undefined;
  const running = job?.status === 'running';
  const replay = targets?.find((target) => target.id === targetId)?.replay === true;
  const start = async () => {
    if (targetId) setJobId(await props.onStart(targetId, repeat));
  };
  return (
    <div className="page" data-testid={props.testId}>
      <PageHeader title={props.title} intro={props.intro} />
      <ErrorAlert error={error} />
      <section className="card">
        <div className="form-grid compare-job-fields">
          <label className="field">
            <span className="field-label">Target</span>
            <select
              className="form-control"
              value={targetId ?? ''}
              onChange={(e) => navigate('optimizer', screen, e.target.value)}
              data-testid={`${screen}-target`}
            >
              <option value="" disabled>
                Choose a target…
              </option>
              {targets?.map((target) => (
                <option key={target.id} value={target.id}>
                  {target.label} ({target.id})
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            <span className="field-label">
              Repeats <span className="field-unit">each question per run</span>
            </span>
            <input
              className="form-control num"
              type="number"
              min={1}
              max={20}
              value={repeat}
              onChange={(e) => setRepeat(Math.max(1, Math.min(20, Number(e.target.value) || 1)))}
              data-testid={`${screen}-repeat`}
            />
          </label>
        </div>
        {replay && (
          <div className="banner" role="alert" data-testid={`${screen}-replay-warning`}>
            This target answers from a recording (a replay connection): it can give only the answers it recorded, so
            every {props.noun} but the recorded one will get no answers and no scores. Compare on a target with a live
            connection.
          </div>
        )}
        {props.children}
        <div className="toolbar">
          <button
            type="button"
            className="button"
            onClick={props.onAdd}
            disabled={!props.canAdd}
            data-testid={`add-${props.noun}`}
          >
            {`Add ${props.noun}`}
          </button>
          {running ? (
            <button
              type="button"
              className="button"
              onClick={() => void useOptimizer.getState().cancelRequested(job.id)}
              data-testid={`cancel-${screen}`}
            >
              Cancel
            </button>
          ) : (
            <button
              type="button"
              className="button primary"
              onClick={() => void start()}
              disabled={!targetId || runnable < 2}
              data-testid={`run-${screen}`}
            >
              Run {plural(runnable, props.noun)}
            </button>
          )}
          {!targetId && <span className="muted">Choose a target first.</span>}
          {targetId && runnable < 2 && <span className="muted">{props.tooFew}</span>}
        </div>
      </section>
      {job && <JobLog job={job} testId={`${screen}-job`} />}
      {job?.comparison && <VariantResults comparison={job.comparison} />}
    </div>
  );
}

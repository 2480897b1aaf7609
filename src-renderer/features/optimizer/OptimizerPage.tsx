// The optimizer's list: per target, its Optimize button with live progress, and every candidate with its status.
import { useEffect } from 'react';
import { hrefFor } from '../../navigation/router';
import { groupByTarget, jobFailure, jobOf } from './optimizer.selectors';
import { useOptimizer } from './optimizer.store';
import { useOptimizerEvents } from './optimizer-events';
import { CandidatesTable } from './CandidatesTable';
import { JobLog } from './JobLog';
import { gateInWords } from '../../../src-shared/text/gate-words';
import { OptimizeBlockers, OptimizeControls } from './OptimizeControls';
import { useShallow } from 'zustand/react/shallow';
import { ErrorAlert } from '../../components/ErrorAlert';
import { PageHeader } from '../../components/PageHeader';

export function OptimizerPage() {
  const { targets, candidates, jobs, error, listOpened } = useOptimizer(
    useShallow(({ targets, candidates, jobs, error, listOpened }) => ({
      targets,
      candidates,
      jobs,
      error,
      listOpened,
    })),
  );
  useOptimizerEvents();
  useEffect(() => void listOpened(), [listOpened]);
  const groups = targets && candidates ? groupByTarget(targets, candidates) : undefined;
  return (
    <div className="page" data-testid="optimizer-page">
      <PageHeader
        title="Optimizer"
        intro="Proposes a better system prompt for a target below its gate, and keeps it only when it beats the baseline by more than the improvement margin and more than twice the run-to-run noise."
      >
        <div className="toolbar">
          <a className="button" href={hrefFor('optimizer', 'compare')} data-testid="open-compare">
            Compare prompt candidates
          </a>
          <a className="button" href={hrefFor('optimizer', 'compare-models')} data-testid="open-compare-models">
            Compare models
          </a>
        </div>
      </PageHeader>
      <ErrorAlert error={error} />
      {!groups && !error && <div className="muted">Loading…</div>}
      {groups?.length === 0 && (
        <div className="empty">No target in aieval.yaml yet. Add one in Targets, then optimize it here.</div>
      )}
      {groups?.map((group) => {
        const job = jobOf(jobs, group.targetId);
        return (
          <section
            key={group.targetId}
            className="card optimizer-target"
            data-testid={`optimizer-target-${group.targetId}`}
          >
            <div className="card-title">
              <div>
                <h2>{group.target?.label ?? group.targetId}</h2>
                <div className="card-meta">
                  <span className="mono">{group.targetId}</span>
                  {group.target ? (
                    <span>
                      gate {gateInWords(group.target.gate)} ({group.target.gate.type})
                    </span>
                  ) : (
                    <span>no longer in aieval.yaml</span>
                  )}
                </div>
              </div>
              {group.target && <OptimizeControls target={group.target} job={job} />}
            </div>
            {group.target && <OptimizeBlockers target={group.target} />}
            {job && <JobLog job={job} testId={`job-${group.targetId}`} />}
            <CandidatesTable candidates={group.candidates} failed={jobFailure(job) !== null} />
          </section>
        );
      })}
    </div>
  );
}

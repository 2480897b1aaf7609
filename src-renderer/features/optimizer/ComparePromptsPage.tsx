// "Compare prompt candidates": two or more system prompts of one target, each run on its dataset, side by side.
import { useEffect, useState } from 'react';
import { api } from '../../api/client';
import { useQuery } from '../../api/use-query';
import { navigate } from '../../app/router';
import { runnablePrompts } from './optimizer.selectors';
import { useOptimizer } from './optimizer.store';
import { useOptimizerEvents } from './optimizer-events';
import { JobLog } from './JobLog';
import { VariantResults } from './VariantResults';

export function ComparePromptsPage({ targetId }: { targetId: string | undefined }) {
  const targets = useOptimizer((state) => state.targets);
  const jobs = useOptimizer((state) => state.jobs);
  const error = useOptimizer((state) => state.error);
  const { listOpened, compareRequested, cancelRequested } = useOptimizer.getState();
  const [prompts, setPrompts] = useState<string[]>(['', '']);
  const [repeat, setRepeat] = useState(1);
  const [jobId, setJobId] = useState<string>();
  useOptimizerEvents();
  useEffect(() => void listOpened(), [listOpened]);
  const target = useQuery(async () => (targetId ? api['targets.get']({ id: targetId }) : undefined), [targetId]).data;
  // The current prompt is the natural first variant.
  useEffect(() => {
    if (target) setPrompts((current) => [target.system_prompt, ...current.slice(1)]);
  }, [target]);
  const job = jobId ? jobs[jobId] : undefined;
  const running = job?.status === 'running';
  const runnable = runnablePrompts(prompts);
  const setPrompt = (index: number, text: string) =>
    setPrompts((current) => current.map((prompt, i) => (i === index ? text : prompt)));
  const start = async () => {
    if (targetId) setJobId(await compareRequested(targetId, runnable, repeat));
  };
  return (
    <div className="page" data-testid="compare-prompts-page">
      <header className="page-header">
        <div>
          <h1>Compare prompt candidates</h1>
          <p>
            Each prompt runs as its own run of the target over its whole dataset, one after the other; the target's file
            is not changed.
          </p>
        </div>
      </header>
      {error && (
        <div className="banner error" role="alert">
          {error}
        </div>
      )}
      <section className="card">
        <div className="form-grid">
          <label className="field">
            <span className="field-label">Target</span>
            <select
              className="form-control"
              value={targetId ?? ''}
              onChange={(e) => navigate('optimizer', 'compare', e.target.value)}
              data-testid="compare-target"
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
              data-testid="compare-repeat"
            />
          </label>
        </div>
        {prompts.map((prompt, index) => (
          <label key={index} className="field">
            <span className="field-label">
              Variant {index + 1}
              {index === 0 && targetId && <span className="field-unit">starts as the target's current prompt</span>}
              {prompts.length > 2 && (
                <button
                  type="button"
                  className="link-button"
                  onClick={() => setPrompts((current) => current.filter((_, i) => i !== index))}
                  aria-label={`Remove variant ${index + 1}`}
                >
                  remove
                </button>
              )}
            </span>
            <textarea
              className="form-control mono"
              rows={5}
              value={prompt}
              onChange={(e) => setPrompt(index, e.target.value)}
              data-testid={`variant-${index + 1}`}
            />
          </label>
        ))}
        <div className="toolbar">
          <button
            type="button"
            className="button"
            onClick={() => setPrompts((current) => [...current, ''])}
            disabled={prompts.length >= 8}
            data-testid="add-variant"
          >
            Add variant
          </button>
          {running ? (
            <button
              type="button"
              className="button"
              onClick={() => void cancelRequested(job.id)}
              data-testid="cancel-compare"
            >
              Cancel
            </button>
          ) : (
            <button
              type="button"
              className="button primary"
              onClick={() => void start()}
              disabled={!targetId || runnable.length < 2}
              data-testid="run-compare"
            >
              Run {runnable.length} variants
            </button>
          )}
          {!targetId && <span className="muted">Choose a target first.</span>}
          {targetId && runnable.length < 2 && <span className="muted">Write at least two prompts.</span>}
        </div>
      </section>
      {job && <JobLog job={job} testId="compare-job" />}
      {job?.comparison && <VariantResults comparison={job.comparison} />}
    </div>
  );
}

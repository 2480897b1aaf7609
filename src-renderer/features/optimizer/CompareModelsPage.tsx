// "Compare models": the target's current system prompt on two or more connection/model pairs, each run as an
// experiment on its dataset, then side by side in the matrix.
import { useEffect, useState } from 'react';
import type { ProviderSummary } from '../../../src-shared/contract/providers.contract';
import { api } from '../../api/client';
import { navigate } from '../../app/router';
import { ModelInput } from '../targets/ModelInput';
import { JobLog } from './JobLog';
import { runnableModels } from './optimizer.selectors';
import { useOptimizer, type ModelPair } from './optimizer.store';
import { useOptimizerEvents } from './optimizer-events';
import { VariantResults } from './VariantResults';

const MAX_MODELS = 8;

export function CompareModelsPage({ targetId }: { targetId: string | undefined }) {
  const { targets, jobs, error, listOpened, compareModelsRequested, cancelRequested } = useOptimizer();
  const [providers, setProviders] = useState<readonly ProviderSummary[]>([]);
  const [models, setModels] = useState<ModelPair[]>([]);
  const [repeat, setRepeat] = useState(1);
  const [jobId, setJobId] = useState<string>();
  useOptimizerEvents();
  useEffect(() => void listOpened(), [listOpened]);
  useEffect(() => {
    api['providers.list']({}).then(setProviders, () => undefined);
  }, []);
  useEffect(() => {
    if (!targetId) return;
    // The target's own model is the natural first column; the second starts on the same connection.
    api['targets.get']({ id: targetId }).then(
      (target) =>
        setModels([
          { provider: target.provider, model: target.model },
          { provider: target.provider, model: '' },
        ]),
      () => undefined,
    );
  }, [targetId]);
  const job = jobId ? jobs[jobId] : undefined;
  const running = job?.status === 'running';
  const runnable = runnableModels(models);
  const setModel = (index: number, patch: Partial<ModelPair>) =>
    setModels((current) => current.map((pair, i) => (i === index ? { ...pair, ...patch } : pair)));
  const start = async () => {
    if (targetId) setJobId(await compareModelsRequested(targetId, runnable, repeat));
  };
  return (
    <div className="page" data-testid="compare-models-page">
      <header className="page-header">
        <div>
          <h1>Compare models</h1>
          <p>
            The target's current system prompt runs on each model over its whole dataset, one run after the other. The
            runs are experiments: they stay out of the target's history, and aieval.yaml is not changed.
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
              onChange={(e) => navigate('optimizer', 'compare-models', e.target.value)}
              data-testid="compare-models-target"
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
              data-testid="compare-models-repeat"
            />
          </label>
        </div>
        {models.map((pair, index) => (
          <div key={index} className="form-grid" data-testid={`model-pair-${index + 1}`}>
            <label className="field">
              <span className="field-label">
                Model {index + 1} connection
                {index === 0 && <span className="field-unit">starts as the target's own</span>}
              </span>
              <select
                className="form-control"
                value={pair.provider}
                onChange={(e) => setModel(index, { provider: e.target.value })}
                data-testid={`model-provider-${index + 1}`}
              >
                {providers.map((provider) => (
                  <option key={provider.name} value={provider.name}>
                    {provider.name} ({provider.config.kind})
                  </option>
                ))}
              </select>
            </label>
            <ModelInput
              id={`model-name-${index + 1}`}
              label={`Model ${index + 1}`}
              provider={pair.provider}
              value={pair.model}
              onChange={(model) => setModel(index, { model })}
              messages={[]}
            />
            {models.length > 2 && (
              <button
                type="button"
                className="link-button"
                onClick={() => setModels((current) => current.filter((_, i) => i !== index))}
                aria-label={`Remove model ${index + 1}`}
              >
                remove
              </button>
            )}
          </div>
        ))}
        <div className="toolbar">
          <button
            type="button"
            className="button"
            onClick={() =>
              setModels((current) => [...current, { provider: current.at(-1)?.provider ?? '', model: '' }])
            }
            disabled={models.length >= MAX_MODELS || !targetId}
            data-testid="add-model"
          >
            Add model
          </button>
          {running ? (
            <button
              type="button"
              className="button"
              onClick={() => void cancelRequested(job.id)}
              data-testid="cancel-compare-models"
            >
              Cancel
            </button>
          ) : (
            <button
              type="button"
              className="button primary"
              onClick={() => void start()}
              disabled={!targetId || runnable.length < 2}
              data-testid="run-compare-models"
            >
              Run {runnable.length} models
            </button>
          )}
          {!targetId && <span className="muted">Choose a target first.</span>}
          {targetId && runnable.length < 2 && <span className="muted">Name at least two different models.</span>}
        </div>
      </section>
      {job && <JobLog job={job} testId="compare-models-job" />}
      {job?.comparison && <VariantResults comparison={job.comparison} />}
    </div>
  );
}

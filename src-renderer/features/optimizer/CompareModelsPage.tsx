// "Compare models": the target's current system prompt on two or more connection/model pairs, each run as an
// experiment on its dataset, then side by side in the matrix.
import { useEffect, useState } from 'react';
import { api } from '../../api/client';
import { useQuery } from '../../api/use-query';
import { ModelInput } from '../../components/ModelInput';
import { ProviderOptions } from '../../components/ProviderOptions';
import { CompareJobPage } from './CompareJobPage';
import { RemoveButton } from './RemoveButton';
import { useChosenTarget } from './use-chosen-target';
import { runnableModels } from './optimizer.selectors';
import { useOptimizer, type ModelPair } from './optimizer.store';
import { MATRIX_MAX_COLUMNS } from '../../../src-shared/model/matrix';

export function CompareModelsPage({ targetId }: { targetId: string | undefined }) {
  const providers = useQuery(() => api['providers.list']({}), []).data ?? [];
  const [models, setModels] = useState<ModelPair[]>([]);
  const target = useChosenTarget(targetId);
  // The target's own model is the natural first column; the second starts on the same connection.
  useEffect(() => {
    if (target)
      setModels([
        { provider: target.provider, model: target.model },
        { provider: target.provider, model: '' },
      ]);
  }, [target]);
  const runnable = runnableModels(models);
  const setModel = (index: number, patch: Partial<ModelPair>) =>
    setModels((current) => current.map((pair, i) => (i === index ? { ...pair, ...patch } : pair)));
  return (
    <CompareJobPage
      screen="compare-models"
      testId="compare-models-page"
      title="Compare models"
      intro="The target's current system prompt runs on each model over its whole dataset, one run after the other. The runs are experiments: they stay out of the target's history, and aieval.yaml is not changed."
      targetId={targetId}
      runnable={runnable.length}
      noun="model"
      tooFew="Name at least two different models."
      onStart={(id, repeat) => useOptimizer.getState().compareModelsRequested(id, runnable, repeat)}
      canAdd={models.length < MATRIX_MAX_COLUMNS && Boolean(targetId)}
      onAdd={() => setModels((current) => [...current, { provider: current.at(-1)?.provider ?? '', model: '' }])}
    >
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
              <ProviderOptions providers={providers} />
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
            <RemoveButton
              label={`Remove model ${index + 1}`}
              onRemove={() => setModels((current) => current.filter((_, i) => i !== index))}
            />
          )}
        </div>
      ))}
    </CompareJobPage>
  );
}

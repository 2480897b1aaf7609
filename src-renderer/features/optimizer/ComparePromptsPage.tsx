// "Compare prompt candidates": two or more system prompts of one target, each run on its dataset, side by side.
import { useEffect, useState } from 'react';
import { CompareJobPage } from './CompareJobPage';
import { RemoveButton } from './RemoveButton';
import { useChosenTarget } from './use-chosen-target';
import { runnablePrompts } from './optimizer.selectors';
import { useOptimizer } from './optimizer.store';
import { MATRIX_MAX_COLUMNS } from '../../../src-shared/model/matrix';

export function ComparePromptsPage({ targetId }: { targetId: string | undefined }) {
  const [prompts, setPrompts] = useState<string[]>(['', '']);
  const target = useChosenTarget(targetId);
  // The current prompt is the natural first variant.
  useEffect(() => {
    if (target) setPrompts((current) => [target.system_prompt, ...current.slice(1)]);
  }, [target]);
  const runnable = runnablePrompts(prompts);
  const setPrompt = (index: number, text: string) =>
    setPrompts((current) => current.map((prompt, i) => (i === index ? text : prompt)));
  return (
    <CompareJobPage
      screen="compare"
      testId="compare-prompts-page"
      title="Compare prompt candidates"
      intro="Each prompt runs as its own run of the target over its whole dataset, one after the other; the target's file is not changed."
      targetId={targetId}
      runnable={runnable.length}
      noun="variant"
      tooFew="Write at least two prompts."
      onStart={(id, repeat) => useOptimizer.getState().compareRequested(id, runnable, repeat)}
      canAdd={prompts.length < MATRIX_MAX_COLUMNS}
      onAdd={() => setPrompts((current) => [...current, ''])}
    >
      {prompts.map((prompt, index) => (
        <label key={index} className="field">
          <span className="field-label">
            Variant {index + 1}
            {index === 0 && targetId && <span className="field-unit">starts as the target's current prompt</span>}
            {prompts.length > 2 && (
              <RemoveButton
                label={`Remove variant ${index + 1}`}
                onRemove={() => setPrompts((current) => current.filter((_, i) => i !== index))}
              />
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
    </CompareJobPage>
  );
}

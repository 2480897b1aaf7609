// What the target calls: provider, model (the live list, free text allowed), system prompt and generation settings.
import type { ProviderSummary } from '../../../src-shared/contract/providers.contract';
import { Field, fieldAria, NumberField, SelectField } from '../../components/Field';
import { ProviderOptions } from '../../components/ProviderOptions';
import { ModelInput } from '../../components/ModelInput';
import { bindField, type SectionProps } from './target-form';
import { FormSection } from '../../components/FormSection';
import { hrefFor } from '../../navigation/router';

type Props = SectionProps & Readonly<{ providers: readonly ProviderSummary[] }>;

const GENERATION = [
  ['temperature', 'Temperature', '0–2', 'Randomness; lower is steadier.'],
  ['top_p', 'Top p', '0–1', 'Nucleus sampling cut-off.'],
  ['max_tokens', 'Max tokens', 'tokens', 'Longest reply the model may write.'],
  ['seed', 'Seed', 'integer', 'Same seed, same sampling where the provider supports it.'],
] as const;

export function ModelSection({ form, at, edit, providers }: Props) {
  const field = bindField(form, at, edit);
  const known = providers.some((provider) => provider.name === form.provider);
  return (
    <FormSection
      titleId="target-model-title"
      title="Model"
      fields={
        <>
          <SelectField
            id="target-provider"
            label="Provider"
            help={<a href={hrefFor('settings')}>Connections are set up in Settings.</a>}
            {...field('provider')}
            testId="target-provider"
          >
            {!known && (
              <option value={form.provider}>
                {form.provider ? `${form.provider} (not in aieval.yaml)` : 'Pick a provider…'}
              </option>
            )}
            <ProviderOptions providers={providers} />
          </SelectField>
          <ModelInput id="target-model" label="Model" provider={form.provider} {...field('model')} />
          <Field
            id="target-system-prompt"
            label="System prompt"
            wide
            help="Sent before every question; its sha256 is stored with each run."
            messages={at('system_prompt')}
          >
            <textarea
              className="form-control mono prompt"
              {...fieldAria('target-system-prompt', at('system_prompt'))}
              value={form.system_prompt}
              onChange={(e) => edit({ system_prompt: e.target.value })}
              rows={5}
              spellCheck={false}
              data-testid="target-system-prompt"
            />
          </Field>
        </>
      }
    >
      <h3>Generation</h3>
      <div className="form-grid">
        {GENERATION.map(([key, label, unit, help]) => (
          <NumberField
            key={key}
            id={`target-generation-${key}`}
            label={label}
            unit={unit}
            help={help}
            messages={at(`generation.${key}`)}
            decimal
            value={form.generation[key]}
            placeholder="provider default"
            onChange={(value) => edit({ generation: { ...form.generation, [key]: value } })}
            testId={`target-generation-${key}`}
          />
        ))}
      </div>
    </FormSection>
  );
}

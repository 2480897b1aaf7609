// The target's identity: id, label, chat or agent, enabled.
import { Field, fieldAria, SegmentedField, TextField } from '../../components/Field';
import { bindField, type SectionProps } from './target-form';
import { FormSection } from '../../components/FormSection';

export function IdentitySection({ form, at, edit }: SectionProps) {
  const field = bindField(form, at, edit);
  return (
    <FormSection
      titleId="target-identity"
      title="Target"
      fields={
        <>
          <TextField
            id="target-id"
            label="Id"
            help="snake_case, unique in aieval.yaml; runs are stored under it."
            {...field('id')}
            mono
            testId="target-id"
          />
          <TextField
            id="target-label"
            label="Label"
            help="Shown on the portfolio; the id when empty."
            {...field('label')}
            testId="target-label"
          />
          <SegmentedField
            id="target-mode"
            label="Mode"
            help={
              form.mode === 'agent'
                ? 'A tool-calling loop over MCP servers, or an external agent endpoint.'
                : 'The system prompt and the question, one reply.'
            }
            {...field('mode')}
            groupLabel="Mode"
            options={['chat', 'agent'] as const}
          />
          <Field
            id="target-enabled"
            label="Enabled"
            help={
              <>
                <code>ai-eval run</code> runs every enabled target.
              </>
            }
            messages={at('enabled')}
          >
            <label className="checkbox">
              <input
                type="checkbox"
                {...fieldAria('target-enabled', at('enabled'))}
                checked={form.enabled}
                onChange={(e) => edit({ enabled: e.target.checked })}
              />
              {form.enabled ? 'runs with the others' : 'skipped by ai-eval run'}
            </label>
          </Field>
        </>
      }
    />
  );
}

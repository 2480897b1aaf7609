// The target's identity: id, label, chat or agent, enabled.
import { Field, fieldAria } from '../../components/Field';
import { Segmented } from '../../components/Segmented';
import type { SectionProps } from './target-form';

export function IdentitySection({ form, at, edit }: SectionProps) {
  return (
    <section className="form-section" aria-labelledby="target-identity">
      <h2 id="target-identity">Target</h2>
      <div className="form-grid">
        <Field
          id="target-id"
          label="Id"
          help="snake_case, unique in aieval.yaml; runs are stored under it."
          messages={at('id')}
        >
          <input
            className="form-control mono"
            {...fieldAria('target-id', at('id'))}
            value={form.id}
            onChange={(e) => edit({ id: e.target.value })}
            data-testid="target-id"
            spellCheck={false}
          />
        </Field>
        <Field id="target-label" label="Label" help="Shown on the portfolio; the id when empty." messages={at('label')}>
          <input
            className="form-control"
            {...fieldAria('target-label', at('label'))}
            value={form.label}
            onChange={(e) => edit({ label: e.target.value })}
            data-testid="target-label"
          />
        </Field>
        <Field
          id="target-mode"
          label="Mode"
          help={
            form.mode === 'agent'
              ? 'A tool-calling loop over MCP servers, or an external agent endpoint.'
              : 'The system prompt and the question, one reply.'
          }
          messages={at('mode')}
        >
          <Segmented
            id="target-mode"
            label="Mode"
            options={['chat', 'agent'] as const}
            value={form.mode}
            onChange={(mode) => edit({ mode })}
          />
        </Field>
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
      </div>
    </section>
  );
}

// Agent mode only: the MCP tool servers the agent may call, its step limit, or an external agent endpoint.
import { Field, NumberField, TextField } from '../../components/Field';
import { bindField, emptyToolRow, type SectionProps, type ToolRow } from './target-form';
import { ToolArgsEnv } from './ToolArgsEnv';
import { FormSection } from '../../components/FormSection';

export function AgentSection({ form, at, edit }: SectionProps) {
  const field = bindField(form, at, edit);
  const setRow = (index: number, patch: Partial<ToolRow>) =>
    edit({ tools: form.tools.map((row, i) => (i === index ? { ...row, ...patch } : row)) });
  return (
    <FormSection
      titleId="target-agent-title"
      title="Agent"
      testId="agent-section"
      help={
        <>
          MCP servers whose tools the agent may call: a command started over stdio (only in a trusted workspace), or a
          streamable HTTP URL.
        </>
      }
    >
      {form.tools.length === 0 && (
        <div className="empty compact">
          No tool servers: the agent answers without tools. Add one, or set an endpoint below for an external agent.
        </div>
      )}
      {form.tools.map((row, index) => {
        const id = `target-tools-${index}`;
        const fields = row.transport === 'stdio' ? (['command'] as const) : (['url'] as const);
        return (
          <div className="tool-row" key={index} data-testid={`tool-row-${index}`}>
            <TextField
              id={`${id}-name`}
              label="Name"
              messages={at(`tools.${index}.name`)}
              mono
              value={row.name}
              onChange={(name) => setRow(index, { name })}
            />
            <Field id={`${id}-transport`} label="Transport">
              <select
                className="form-control"
                id={`${id}-transport`}
                value={row.transport}
                onChange={(e) =>
                  setRow(index, { transport: e.target.value as ToolRow['transport'], env: null, extra: {} })
                }
              >
                <option value="stdio">stdio command</option>
                <option value="http">streamable HTTP</option>
              </select>
            </Field>
            {fields.map((key) => (
              <TextField
                key={key}
                id={`${id}-${key}`}
                label={key === 'url' ? 'URL' : 'Command'}
                messages={at(`tools.${index}.${key}`, true)}
                mono
                value={row[key]}
                onChange={(value) => setRow(index, { [key]: value })}
              />
            ))}
            {row.transport === 'stdio' && <ToolArgsEnv row={row} id={id} setRow={(patch) => setRow(index, patch)} />}
            {at(`tools.${index}`).map((message) => (
              <div key={message} className="field-error" role="alert">
                <span aria-hidden="true">✕</span> {message}
              </div>
            ))}
            {Object.keys(row.extra).length > 0 && (
              <span className="muted tool-extra">
                + {Object.keys(row.extra).join(', ')} (kept; edit in aieval.yaml)
              </span>
            )}
            <button
              type="button"
              className="button"
              onClick={() => edit({ tools: form.tools.filter((_, i) => i !== index) })}
              aria-label={`Remove tool server ${row.name || index + 1}`}
            >
              Remove
            </button>
          </div>
        );
      })}
      <div>
        <button
          type="button"
          className="button"
          onClick={() => edit({ tools: [...form.tools, emptyToolRow()] })}
          data-testid="add-tool"
        >
          + Add tool server
        </button>
      </div>
      <div className="form-grid">
        <NumberField
          id="target-max-steps"
          label="Max steps"
          unit="1–100"
          help="Model turns before the loop stops."
          {...field('max_steps')}
        />
        <TextField
          id="target-endpoint"
          label="External agent endpoint"
          help="Optional: receives {messages}, answers {response, tool_calls}; for agents written in any language."
          {...field('endpoint')}
          mono
          placeholder="http://127.0.0.1:8080/agent"
        />
      </div>
    </FormSection>
  );
}

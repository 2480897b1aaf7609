// A stdio tool server's arguments and environment, edited as lists: one argument per field, spaces and all.
import type { EnvRow, ToolRow } from './target-form';

type Props = Readonly<{ row: ToolRow; id: string; setRow: (patch: Partial<ToolRow>) => void }>;

export function ToolArgsEnv({ row, id, setRow }: Props) {
  const setArg = (index: number, value: string) => setRow({ args: row.args.map((a, i) => (i === index ? value : a)) });
  const env = row.env ?? [];
  const setEnv = (index: number, patch: Partial<EnvRow>) =>
    setRow({ env: env.map((variable, i) => (i === index ? { ...variable, ...patch } : variable)) });
  return (
    <div className="tool-lists">
      <fieldset className="tool-list" data-testid={`${id}-args`}>
        <legend>Arguments</legend>
        {row.args.map((arg, index) => (
          <div className="tool-list-row" key={index}>
            <input
              className="form-control mono"
              aria-label={`Argument ${index + 1}`}
              value={arg}
              onChange={(e) => setArg(index, e.target.value)}
              spellCheck={false}
            />
            <button
              type="button"
              className="button"
              aria-label={`Remove argument ${index + 1}`}
              onClick={() => setRow({ args: row.args.filter((_, i) => i !== index) })}
            >
              ✕
            </button>
          </div>
        ))}
        <button type="button" className="button" onClick={() => setRow({ args: [...row.args, ''] })}>
          + Add argument
        </button>
      </fieldset>
      <fieldset className="tool-list" data-testid={`${id}-env`}>
        <legend>Environment</legend>
        {env.map((variable, index) => (
          <div className="tool-list-row" key={index}>
            <input
              className="form-control mono"
              aria-label={`Variable ${index + 1} name`}
              value={variable.name}
              placeholder="NAME"
              onChange={(e) => setEnv(index, { name: e.target.value })}
              spellCheck={false}
            />
            <input
              className="form-control mono"
              aria-label={`Variable ${index + 1} value`}
              value={variable.value}
              onChange={(e) => setEnv(index, { value: e.target.value })}
              spellCheck={false}
            />
            <button
              type="button"
              className="button"
              aria-label={`Remove variable ${index + 1}`}
              onClick={() => setRow({ env: env.filter((_, i) => i !== index) })}
            >
              ✕
            </button>
          </div>
        ))}
        <button type="button" className="button" onClick={() => setRow({ env: [...env, { name: '', value: '' }] })}>
          + Add variable
        </button>
      </fieldset>
    </div>
  );
}

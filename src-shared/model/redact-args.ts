// Secret-named tool arguments (docs/security.md): matched by name, replaced before a judge or the store sees them.

const SECRET_NAME =
  /password|passwd|secret|token|api_key|apikey|credential|authorization|auth_key|private_key|access_key/i;

export const REDACTED = '(redacted)';

/** True when an argument's name marks its value as a secret (case-insensitive substring of the name). */
export const isSecretArgName = (name: string): boolean => SECRET_NAME.test(name);

/** A copy of `args` with every secret-named value, at any depth, replaced by "(redacted)" (for storage). */
export function redactArgs(args: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(args)) out[name] = isSecretArgName(name) ? REDACTED : redactValue(value);
  return out;
}

function redactValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactValue);
  if (value !== null && typeof value === 'object') return redactArgs(value as Record<string, unknown>);
  return value;
}

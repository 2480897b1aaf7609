// How the two stores say the same thing went wrong: a write refused to a role (or a file) that may only read.

/** Whether the store refused a write because this connection may only read (a team store's role, a read-only file). */
export function isReadOnlyRefusal(error: unknown): boolean {
  const code: unknown = error instanceof Error ? Reflect.get(error, 'code') : undefined;
  return typeof code === 'string' && (code === 'AIEVAL_STORE_READ_ONLY' || code.startsWith('SQLITE_READONLY'));
}

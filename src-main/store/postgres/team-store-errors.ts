// What goes wrong between ai-eval and a team store, as one clear line each: a refused login, an unreachable server, a
// missing database, a failed TLS handshake, a role that may only read, a store newer than this program. Their codes
// (AIEVAL_STORE_*) make the CLI exit 3, as other failures of the environment do (environment-refusal.ts).

export type TeamStoreErrorCode =
  | 'AIEVAL_STORE_AUTH'
  | 'AIEVAL_STORE_UNREACHABLE'
  | 'AIEVAL_STORE_NO_DATABASE'
  | 'AIEVAL_STORE_TLS'
  | 'AIEVAL_STORE_READ_ONLY'
  | 'AIEVAL_STORE_TOO_NEW'
  | 'AIEVAL_STORE_SETUP';

export class TeamStoreError extends Error {
  override name = 'TeamStoreError';

  constructor(
    readonly code: TeamStoreErrorCode,
    message: string,
    /** The server's SQLSTATE or the socket's error code, when there was one. */
    readonly reason?: string,
  ) {
    super(message);
  }
}

/** Whether `error` says the team store cannot be used at all (not there, not let in, too new), rather than one refusal. */
export const teamStoreUnavailable = (error: unknown): boolean =>
  error instanceof TeamStoreError && error.code !== 'AIEVAL_STORE_READ_ONLY';

const field = (error: unknown, key: string): string | undefined => {
  const value: unknown = error instanceof Error ? Reflect.get(error, key) : undefined;
  return typeof value === 'string' ? value : undefined;
};

const UNREACHABLE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'ETIMEDOUT', 'EAI_AGAIN']);
const TLS_MESSAGE = /certificate|SSL|TLS|self[- ]signed|altnames|handshake/i;

/**
 * The team-store error an error from pg stands for, or the error itself (a unique key, a bad query: not the
 * environment's). `where` names the store (role@host:port/database), never with its password.
 */
export function teamStoreError(error: unknown, where: string): unknown {
  if (error instanceof TeamStoreError || !(error instanceof Error)) return error;
  const code = field(error, 'code');
  const message = error.message;
  if (code === '28P01') return new TeamStoreError('AIEVAL_STORE_AUTH', `${where}: wrong password`, code);
  if (code === '28000')
    return new TeamStoreError('AIEVAL_STORE_AUTH', `${where}: the server does not let this role in (${message})`, code);
  if (/client password must be a string|password authentication failed|no password/i.test(message))
    return new TeamStoreError(
      'AIEVAL_STORE_AUTH',
      `${where}: no password was given (set AIEVAL_STORE_PASSWORD or PGPASSWORD, or keep it in the app's settings)`,
    );
  if (code === '3D000') return new TeamStoreError('AIEVAL_STORE_NO_DATABASE', `${where}: ${message}`, code);
  if (code === '42501')
    return new TeamStoreError(
      'AIEVAL_STORE_READ_ONLY',
      `${where}: this role may only read (${message}); runs, labels and imports need a role that may write`,
      code,
    );
  if ((code !== undefined && UNREACHABLE.has(code)) || /timeout|terminated unexpectedly|ECONNRESET/i.test(message))
    return new TeamStoreError('AIEVAL_STORE_UNREACHABLE', `${where}: ${message}`, code);
  if (code === 'ECONNRESET' || code === 'EPIPE' || code === '57P01' || code === '57P03')
    return new TeamStoreError('AIEVAL_STORE_UNREACHABLE', `${where}: the connection was lost (${message})`, code);
  if ((code?.startsWith('ERR_TLS') ?? false) || code?.startsWith('ERR_SSL') || TLS_MESSAGE.test(message))
    return new TeamStoreError('AIEVAL_STORE_TLS', `${where}: ${message}`, code);
  return error;
}

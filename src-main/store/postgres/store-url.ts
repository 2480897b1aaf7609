// The team store's address: a postgresql:// URL read into its parts (host, database, role, TLS), its password kept
// apart (never part of what is shown, logged or stored), and the URL as it may be shown (no password).

/**
 * libpq's TLS modes: disable (none), prefer (TLS when the server offers it, unchecked; the default), require (TLS,
 * unchecked), verify-ca (the certificate chains to the CA), verify-full (and names the host). allow reads as prefer.
 */
export type SslMode = 'disable' | 'prefer' | 'require' | 'verify-ca' | 'verify-full';
const SSL_MODES: readonly string[] = ['disable', 'allow', 'prefer', 'require', 'verify-ca', 'verify-full'];

export type StoreUrl = Readonly<{
  /** A host name or address; a folder (starting with /) is the Unix socket's. */
  host: string;
  port: number;
  database: string;
  user: string;
  /** The password written in the URL itself, if any (an environment variable's URL may carry one). */
  password: string | undefined;
  sslMode: SslMode;
  /** sslrootcert: the CA file the server's certificate must chain to. */
  caFile: string | undefined;
  /** sslcert / sslkey: a client certificate, where the server asks for one. */
  certFile: string | undefined;
  keyFile: string | undefined;
  /** connect_timeout, in seconds (libpq's name and unit). */
  connectTimeoutS: number;
}>;

/** A URL that is not a team store's address: its message says what is wrong, never the password. */
export class StoreUrlError extends Error {
  override name = 'StoreUrlError';
}

const KNOWN_PARAMETERS = ['sslmode', 'sslrootcert', 'sslcert', 'sslkey', 'host', 'connect_timeout', 'application_name'];

/** Whether a store setting names a PostgreSQL team store (rather than nothing: the workspace's own SQLite file). */
export const isPostgresUrl = (value: string) => /^postgres(ql)?:\/\//i.test(value.trim());

/** Reads a postgresql:// (or postgres://) URL; throws StoreUrlError naming the part that is wrong. */
export function parseStoreUrl(text: string): StoreUrl {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw new StoreUrlError(`the store URL is not a URL: ${redactedUrl(text)}`);
  }
  if (!/^postgres(ql)?:$/.test(url.protocol))
    throw new StoreUrlError(`the store URL must start with postgresql:// (got ${url.protocol}//)`);
  for (const key of url.searchParams.keys())
    if (!KNOWN_PARAMETERS.includes(key))
      throw new StoreUrlError(
        `the store URL has an unknown parameter "${key}" (known: ${KNOWN_PARAMETERS.join(', ')})`,
      );
  const param = (key: string) => url.searchParams.get(key) ?? undefined;
  const sslMode = (param('sslmode') ?? 'prefer').toLowerCase();
  if (!SSL_MODES.includes(sslMode)) throw new StoreUrlError(`sslmode=${sslMode} is not one of ${SSL_MODES.join(', ')}`);
  const database = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (database === '') throw new StoreUrlError('the store URL names no database (postgresql://host/DATABASE)');
  const user = decodeURIComponent(url.username);
  if (user === '') throw new StoreUrlError('the store URL names no role (postgresql://ROLE@host/database)');
  const timeout = Number(param('connect_timeout') ?? 10);
  if (!Number.isFinite(timeout) || timeout <= 0)
    throw new StoreUrlError(`connect_timeout=${param('connect_timeout')} is not a number of seconds`);
  const host = param('host') ?? decodeURIComponent(url.hostname.replace(/^\[|\]$/g, ''));
  return {
    host: host === '' ? 'localhost' : host,
    port: url.port === '' ? 5432 : Number(url.port),
    database,
    user,
    password: url.password === '' ? undefined : decodeURIComponent(url.password),
    sslMode: sslMode === 'allow' ? 'prefer' : (sslMode as SslMode),
    caFile: param('sslrootcert'),
    certFile: param('sslcert'),
    keyFile: param('sslkey'),
    connectTimeoutS: timeout,
  };
}

/** The URL as it may be shown: the password, if any, replaced by ***. */
export function redactedUrl(text: string): string {
  // Any scheme: a mistyped one (mysql://, postgress://) is shown in the refusal, its password never.
  return text.trim().replace(/^([a-z][a-z0-9+.-]*:\/\/[^:@/?#]*):[^@/?#]*@/i, '$1:***@');
}

/** Where the store is, as one short phrase for messages: role@host:port/database. */
export const describeStore = (url: StoreUrl) => `${url.user}@${url.host}:${url.port}/${url.database}`;

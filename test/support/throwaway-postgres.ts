// A throwaway PostgreSQL for the team-store tests: a fresh cluster (initdb) in a temporary folder, run by an
// unprivileged user, listening on a Unix socket in that folder and on 127.0.0.1 (TLS with a CA of its own where
// openssl is there) only. stop() removes it; a watchdog process removes it too if the tests die without stopping it.
import { spawn, spawnSync, type SpawnSyncOptions } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { dirname, join } from 'node:path';

export type ThrowawayPostgres = Readonly<{
  dir: string;
  /** postgresql://aieval_admin@127.0.0.1:PORT/aieval_test (no password). */
  url: string;
  password: string;
  /** The CA file the server's certificate chains to ('' where openssl is missing and the server has no TLS). */
  caFile: string;
  stop(): void;
}>;

const ROOTS = ['/usr/lib/postgresql'];

/** The newest PostgreSQL server's bin folder (Debian's layout, or PG_BINDIR), or undefined where there is none. */
export function postgresBinDir(): string | undefined {
  const given = process.env.PG_BINDIR;
  if (given) return existsSync(join(given, 'initdb')) ? given : undefined;
  const found = ROOTS.flatMap((root) =>
    existsSync(root)
      ? readdirSync(root)
          .filter((version) => existsSync(join(root, version, 'bin', 'initdb')))
          .map((version) => ({ version: Number(version), bin: join(root, version, 'bin') }))
      : [],
  );
  return found.sort((a, b) => b.version - a.version)[0]?.bin;
}

/** The server refuses to run as root: as root, its commands run as the `postgres` user. */
const asOwner = (command: string, args: string[]): [string, string[]] =>
  userInfo().uid === 0 ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];

function run(command: string, args: string[], what: string, options: SpawnSyncOptions = {}): void {
  const [file, argv] = asOwner(command, args);
  const result = spawnSync(file, argv, { encoding: 'utf8', ...options });
  if (result.status !== 0)
    throw new Error(`throwaway PostgreSQL: ${what} failed (${result.status}): ${String(result.stderr).trim()}`);
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });

/** A CA and a certificate for 127.0.0.1 and localhost signed by it, or false where openssl is missing. */
function makeCertificates(dir: string): boolean {
  const openssl = (args: string[]) => spawnSync('openssl', args, { cwd: dir, encoding: 'utf8' }).status === 0;
  if (!openssl(['version'])) return false;
  writeFileSync(join(dir, 'san.ext'), 'subjectAltName=IP:127.0.0.1,DNS:localhost\n');
  const made =
    openssl(
      ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', '/CN=aieval test CA'].concat([
        '-keyout',
        'ca.key',
        '-out',
        'ca.pem',
      ]),
    ) &&
    openssl(
      ['req', '-newkey', 'rsa:2048', '-nodes', '-subj', '/CN=127.0.0.1', '-keyout', 'server.key'].concat([
        '-out',
        'server.csr',
      ]),
    ) &&
    openssl(
      ['x509', '-req', '-in', 'server.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial'].concat([
        '-days',
        '2',
        '-extfile',
        'san.ext',
        '-out',
        'server.pem',
      ]),
    );
  if (made) chmodSync(join(dir, 'server.key'), 0o600);
  return made;
}

/** As root the server runs as `postgres`, who must pass through every folder above its own. */
function mustReach(dir: string): void {
  for (let folder = dirname(dir); folder !== dirname(folder); folder = dirname(folder))
    if ((statSync(folder).mode & 0o001) === 0) {
      rmSync(dir, { recursive: true, force: true });
      throw new Error(
        `throwaway PostgreSQL: the postgres user cannot reach ${dir} (${folder} is private); set TMPDIR to a folder others may pass through`,
      );
    }
}

/** Starts a fresh cluster with the server in `bin`, and its database aieval_test. */
export async function startThrowawayPostgres(bin: string): Promise<ThrowawayPostgres> {
  const dir = mkdtempSync(join(tmpdir(), 'aieval-pg-'));
  chmodSync(dir, 0o755);
  if (userInfo().uid === 0) mustReach(dir);
  const data = join(dir, 'data');
  const password = randomBytes(18).toString('base64url');
  const stopServer = () => {
    const [file, argv] = asOwner(join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop']);
    if (existsSync(join(data, 'postmaster.pid'))) spawnSync(file, argv, { stdio: 'ignore' });
    rmSync(dir, { recursive: true, force: true });
  };
  // Removes the cluster when this process is gone, however it ended (a kill, a crash), unless stop() came first.
  const [ctl, ctlArgs] = asOwner(join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop']);
  const watchdog = spawn(
    'sh',
    [
      '-c',
      'while kill -0 "$0" 2>/dev/null; do sleep 1; done; "$@" >/dev/null 2>&1; rm -rf "$DIR"',
      String(process.pid),
    ].concat([ctl, ...ctlArgs]),
    { detached: true, stdio: 'ignore', env: { PATH: process.env.PATH ?? '', DIR: dir } },
  );
  watchdog.unref();
  try {
    const tls = makeCertificates(dir);
    writeFileSync(join(dir, 'password'), `${password}\n`, { mode: 0o600 });
    if (userInfo().uid === 0) {
      const owner = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
      const uid = Number(owner.stdout.trim());
      if (owner.status !== 0 || !Number.isInteger(uid)) throw new Error('throwaway PostgreSQL: no `postgres` user');
      for (const file of ['', 'password', ...(tls ? ['server.key', 'server.pem'] : [])])
        chownSync(join(dir, file), uid, -1);
    }
    run(
      join(bin, 'initdb'),
      ['-D', data, '-U', 'aieval_admin', `--pwfile=${join(dir, 'password')}`].concat([
        '--auth-host=scram-sha-256',
        '--auth-local=scram-sha-256',
        '-E',
        'UTF8',
        '--locale=C.UTF-8',
      ]),
      'initdb',
    );
    const port = await freePort();
    const settings = [`listen_addresses=127.0.0.1`, `unix_socket_directories=${dir}`, 'max_connections=200']
      .concat(['fsync=off', 'synchronous_commit=off', 'full_page_writes=off'])
      .concat(
        tls ? ['ssl=on', `ssl_cert_file=${join(dir, 'server.pem')}`, `ssl_key_file=${join(dir, 'server.key')}`] : [],
      );
    const options = [`-p ${port}`, ...settings.map((setting) => `-c ${setting}`)].join(' ');
    run(join(bin, 'pg_ctl'), ['-D', data, '-l', join(dir, 'server.log'), '-w', 'start', '-o', options], 'pg_ctl start');
    run(
      join(bin, 'psql'),
      ['-q', '-h', dir, '-p', String(port), '-U', 'aieval_admin', '-d', 'postgres'].concat([
        '-c',
        'CREATE DATABASE aieval_test',
      ]),
      'CREATE DATABASE',
      { env: { ...process.env, PGPASSWORD: password } },
    );
    return {
      dir,
      url: `postgresql://aieval_admin@127.0.0.1:${port}/aieval_test`,
      password,
      caFile: tls ? join(dir, 'ca.pem') : '',
      stop() {
        stopServer();
        if (watchdog.pid !== undefined) process.kill(watchdog.pid);
      },
    };
  } catch (error) {
    stopServer();
    throw error;
  }
}

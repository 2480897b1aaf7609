// The hostile sweep's kit: runs a built `ai-eval` (this tree's or another checkout's) as a user does, in fresh
// workspaces, and names what each case saw: held, or a crash, a hang, a wrong acceptance or lost data.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { nativeBinding } from '../../../src-main/store/native-binding';
import { startFakeProviderServer, type FakeProviderServer } from '../../fixtures/fake-provider-server';

export type Verdict = 'held' | 'crash' | 'hang' | 'accepted' | 'lost';
export type Outcome = Readonly<{ verdict: Verdict; detail: string }>;

export type Area = 'envelopes' | 'secrets' | 'validate' | 'user files' | 'cli' | 'traces';

export type SweepCase = Readonly<{
  area: Area;
  name: string;
  /** Long cases (a run at scale, a race repeated) are given this many ms before they count as a hang. */
  timeoutMs?: number;
  run(kit: Kit): Promise<Outcome>;
}>;

export type CliRun = Readonly<{
  code: number | null;
  signal: string | null;
  stdout: string;
  stderr: string;
  ms: number;
  timedOut: boolean;
}>;

export type CliOptions = Readonly<{
  env?: Readonly<Record<string, string>>;
  /** Past this the process is killed and the run counts as a hang (default 60 s). */
  timeoutMs?: number;
  /** `ulimit -f` for the process, in KiB: a full disk without root. */
  fileLimitKb?: number;
  cwd?: string;
}>;

const EXAMPLE = join(import.meta.dirname, '..', '..', '..', 'resources', 'example');
/** A JavaScript stack frame: what a user must never see. */
export const STACK_FRAME = /\n\s+at (?:.+ \()?[^\s()]+:\d+:\d+\)?/;

export const held = (detail = ''): Outcome => ({ verdict: 'held', detail });
export const bad = (verdict: Exclude<Verdict, 'held'>, detail: string): Outcome => ({ verdict, detail });

const tail = (text: string) => text.trim().split('\n').slice(-3).join(' | ').slice(0, 300);

/** A crash or a hang of one CLI run, if it was one. */
export function brokenRun(run: CliRun, what: string): Outcome | undefined {
  if (run.timedOut) return bad('hang', `${what}: still running after ${Math.round(run.ms / 1000)} s`);
  if (run.signal) return bad('crash', `${what}: killed by ${run.signal}`);
  if (STACK_FRAME.test(run.stderr) || STACK_FRAME.test(run.stdout))
    return bad('crash', `${what}: a stack trace: ${tail(run.stderr)}`);
  if (run.code === null || run.code > 3) return bad('crash', `${what}: exit ${run.code}`);
  return undefined;
}

/** Held when the run refused with one of `codes` and said why on stderr (`said`); else what went wrong. */
export function refused(run: CliRun, what: string, codes: readonly number[] = [2], said = /error/i): Outcome {
  const broken = brokenRun(run, what);
  if (broken) return broken;
  if (!codes.includes(run.code ?? -1)) return bad('accepted', `${what}: exit ${run.code}: ${tail(run.stderr)}`);
  if (!said.test(run.stderr)) return bad('accepted', `${what}: exit ${run.code} but nothing said why`);
  return held(tail(run.stderr));
}

export class Kit {
  readonly root: string;
  private readonly scratch = mkdtempSync(join(tmpdir(), 'aieval-sweep-'));
  private count = 0;
  private server: Promise<FakeProviderServer> | undefined;
  readonly configDir: string;

  constructor(checkout: string) {
    this.root = checkout;
    this.configDir = this.dir('config');
  }

  /** A fresh folder under the sweep's scratch folder. */
  dir(name = 'd'): string {
    const path = join(this.scratch, `${name}-${(this.count += 1)}`);
    mkdirSync(path, { recursive: true });
    return path;
  }

  /** The loopback fake provider (Ollama, OpenAI and Anthropic wire formats), started on first use. */
  fake(): Promise<FakeProviderServer> {
    return (this.server ??= startFakeProviderServer({ record: true }));
  }

  async close(): Promise<void> {
    if (this.server) await (await this.server).close();
  }

  /** A trusted workspace of these files (path → text), `URL` in them replaced by the fake provider's address. */
  async files(files: Readonly<Record<string, string>>): Promise<string> {
    const dir = join(this.dir('ws'), 'ws');
    const { url } = await this.fake();
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(join(dir, file, '..'), { recursive: true });
      writeFileSync(join(dir, file), text.replaceAll('URL', url));
    }
    this.trust(dir);
    return dir;
  }

  /** A trusted copy of the example workspace, its files edited as asked. */
  workspace(edits: Readonly<Record<string, (text: string) => string>> = {}): string {
    const dir = join(this.dir('ws'), 'ws');
    cpSync(EXAMPLE, dir, { recursive: true });
    for (const [file, edit] of Object.entries(edits)) {
      const path = join(dir, file);
      mkdirSync(join(path, '..'), { recursive: true });
      writeFileSync(path, edit(existsSync(path) ? readFileSync(path, 'utf8') : ''));
    }
    this.trust(dir);
    return dir;
  }

  trust(dir: string): void {
    const file = join(this.configDir, 'trusted-workspaces.json');
    const all = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as string[]) : [];
    writeFileSync(file, JSON.stringify([...all, realpathSync(dir)]));
  }

  /** `ai-eval ARGS` of the checkout under test, as a child process with CI=true and the sweep's config folder. */
  cli(args: readonly string[], options: CliOptions = {}): Promise<CliRun> {
    const bin = join(this.root, 'bin', 'ai-eval.js');
    const quoted = [process.execPath, bin, ...args].map((arg) => `'${arg.replaceAll("'", "'\\''")}'`).join(' ');
    const limit = options.fileLimitKb === undefined ? '' : `ulimit -f ${options.fileLimitKb}; `;
    const started = performance.now();
    return new Promise((resolve, reject) => {
      const child = spawn('sh', ['-c', `${limit}exec ${quoted}`], {
        cwd: options.cwd ?? this.scratch,
        env: {
          ...process.env,
          AIEVAL_CONFIG_DIR: this.configDir,
          AIEVAL_DISABLE_COMPILE_CACHE: '1',
          CI: 'true',
          ...options.env,
        },
        detached: true,
      });
      let stdout = '';
      let stderr = '';
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {
          // already gone
        }
      }, options.timeoutMs ?? 60_000);
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.once('error', reject);
      child.once('close', (code, signal) => {
        clearTimeout(timer);
        resolve({ code, signal: timedOut ? null : signal, stdout, stderr, ms: performance.now() - started, timedOut });
      });
    });
  }
}

/** The rows of one table of a workspace's store (0 when there is no store yet). */
export function storeCount(workspace: string, table: string): number {
  const path = join(workspace, '.aieval', 'store.sqlite');
  if (!existsSync(path)) return 0;
  const db = new Database(path, { readonly: true, fileMustExist: true, nativeBinding: nativeBinding() });
  try {
    return (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
  } finally {
    db.close();
  }
}

/** Every run of a workspace's store: id, status, total and verdict. */
export function storedRuns(
  workspace: string,
): { id: string; status: string; total: number; verdict: Record<string, unknown> | null }[] {
  const path = join(workspace, '.aieval', 'store.sqlite');
  if (!existsSync(path)) return [];
  const db = new Database(path, { readonly: true, fileMustExist: true, nativeBinding: nativeBinding() });
  try {
    const rows = db.prepare('SELECT id, status, total, verdict_json FROM runs').all() as {
      id: string;
      status: string;
      total: number;
      verdict_json: string | null;
    }[];
    return rows.map((row) => ({
      id: row.id,
      status: row.status,
      total: row.total,
      verdict: row.verdict_json ? (JSON.parse(row.verdict_json) as Record<string, unknown>) : null,
    }));
  } finally {
    db.close();
  }
}

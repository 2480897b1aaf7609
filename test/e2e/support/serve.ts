// Starts `ai-eval serve` on a free port over a fresh copy of the example workspace, for one test file, and calls its
// backend as a script would (the API token).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { spawnCli } from '../../support/cli';
import { copyExample } from '../../support/workspace';

export type Served = Readonly<{
  /** The printed URL: its token works once (the browser trades it for the cookie). */
  url: string;
  origin: string;
  /** The API token `ai-eval serve` prints for scripts: `Authorization: Bearer`. */
  apiToken: string;
  workspaceDir: string;
  configDir: string;
  stop(): Promise<void>;
}>;

const BIN = join(import.meta.dirname, '..', '..', '..', 'scripts', 'ai-eval-from-sources.js');

/** Creates the example workspace in a temp dir (or uses `workspaceDir`) and serves it. */
export async function serveExample(options: { workspaceDir?: string; init?: boolean } = {}): Promise<Served> {
  const root = mkdtempSync(join(tmpdir(), 'aieval-e2e-'));
  const configDir = join(root, 'config');
  const workspaceDir = options.workspaceDir ?? join(root, 'workspace');
  const env = { ...process.env, AIEVAL_CONFIG_DIR: configDir, CI: 'true' };
  if (options.init !== false) await runToEnd(spawn(process.execPath, [BIN, 'init', workspaceDir], { env }));
  const child = spawn(process.execPath, [BIN, 'serve', '--workspace', workspaceDir, '--port', '0'], {
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const { url, apiToken } = await new Promise<{ url: string; apiToken: string }>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    let url = '';
    lines.on('line', (line) => {
      if (line.startsWith('http://')) url = line.trim();
      const token = /^API token \(Authorization: Bearer\): (\S+)$/.exec(line)?.[1];
      if (token) resolve({ url, apiToken: token });
    });
    child.once('exit', (code) => reject(new Error(`ai-eval serve exited early with ${code}`)));
  });
  return {
    url,
    apiToken,
    origin: new URL(url).origin,
    workspaceDir,
    configDir,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Serves a copy of the example with `edits` applied to its files (as copyExample applies them). */
export function serveEditedExample(edits: Parameters<typeof copyExample>[0]): Promise<Served> {
  return serveExample({ workspaceDir: copyExample(edits), init: false });
}

/** The headers of a script's request to the served backend: JSON, with the printed API token. */
export const apiHeaders = (served: Served) => ({
  'Content-Type': 'application/json',
  Authorization: `Bearer ${served.apiToken}`,
});

/** POST /rpc/<method> with the served token; throws with the service's message on an error envelope. */
export async function rpc<T>(served: Served, method: string, input: unknown): Promise<T> {
  const response = await fetch(`${served.origin}/rpc/${method}`, {
    method: 'POST',
    headers: apiHeaders(served),
    body: JSON.stringify(input),
  });
  const envelope = (await response.json()) as { ok: true; value: T } | { ok: false; error: { message: string } };
  if (!envelope.ok) throw new Error(`${method}: ${envelope.error.message}`);
  return envelope.value;
}

/** Runs a target of the served workspace by the CLI, as a terminal beside the app would: its exit, output and run id. */
export async function runByCli(served: Served, targetId: string) {
  const run = await spawnCli(
    ['run', '--workspace', served.workspaceDir, '--target', targetId, '--trust-workspace'],
    served.configDir,
  );
  const runId = new RegExp(`run (\\d{8}-\\d{6}-[0-9a-f]+): ${targetId}`).exec(run.stdout + run.stderr)?.[1];
  return { ...run, runId };
}

function runToEnd(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) =>
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`command exited with ${code}`)))),
  );
}

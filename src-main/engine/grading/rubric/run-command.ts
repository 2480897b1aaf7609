// Runs a trusted rubric command: in a fresh temporary folder, the text on stdin and in $AIEVAL_RESPONSE_FILE, with a timeout.
import type { spawn as Spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type CommandResult = Readonly<{
  exitCode: number | null;
  signal: string | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
}>;

export type CommandOptions = Readonly<{ timeoutMs: number; workspaceDir: string; signal?: AbortSignal }>;

const MAX_OUTPUT = 64 * 1024;

/** Resolves when the command exits or is killed at its timeout; rejects only when it cannot be started. */
export async function runCommand(command: string, text: string, options: CommandOptions): Promise<CommandResult> {
  // Loaded here: most workspaces have no command check, and node:child_process costs every start a few milliseconds.
  const { spawn } = await import('node:child_process');
  const dir = mkdtempSync(join(tmpdir(), 'aieval-check-'));
  const responseFile = join(dir, 'response.txt');
  writeFileSync(responseFile, text);
  try {
    return await spawnAndWait(
      spawn,
      command,
      text,
      dir,
      { ...process.env, AIEVAL_RESPONSE_FILE: responseFile, AIEVAL_WORKSPACE: options.workspaceDir },
      options,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function spawnAndWait(
  spawn: typeof Spawn,
  command: string,
  text: string,
  cwd: string,
  env: NodeJS.ProcessEnv,
  options: CommandOptions,
): Promise<CommandResult> {
  return new Promise((resolve, reject) => {
    // Its own process group on POSIX, so a timeout kills the shell and everything it started.
    const detached = process.platform !== 'win32';
    const child = spawn(command, { shell: true, cwd, env, detached, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    const kill = () => {
      if (child.exitCode !== null || child.pid === undefined) return;
      try {
        if (detached) process.kill(-child.pid, 'SIGKILL');
        else child.kill('SIGKILL');
      } catch {
        // Already gone.
      }
    };
    const timer = setTimeout(() => {
      timedOut = true;
      kill();
    }, options.timeoutMs);
    options.signal?.addEventListener('abort', kill, { once: true });
    child.stdout.on('data', (chunk: Buffer) => (stdout = (stdout + chunk.toString('utf8')).slice(0, MAX_OUTPUT)));
    child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString('utf8')).slice(0, MAX_OUTPUT)));
    // A command that does not read stdin closes it early; that is not an error.
    child.stdin.on('error', () => undefined);
    child.stdin.end(text);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (exitCode, signal) => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', kill);
      resolve({ exitCode, signal, stdout, stderr, timedOut });
    });
  });
}

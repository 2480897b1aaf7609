// Test helpers to run `ai-eval`: as a child process (what a user runs) or in-process through main() (faster).
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { main } from '../../src-main/cli/main';
import type { CliIo } from '../../src-main/cli/command';

/** `ai-eval` from the TypeScript sources: the tests exercise the code as it is, never an older build of out/cli. */
export const CLI_FROM_SOURCES = join(import.meta.dirname, '..', '..', 'scripts', 'ai-eval-from-sources.js');

export type CliExit = Readonly<{ code: number | null; stdout: string; stderr: string }>;

/**
 * `ai-eval …` from the sources in a child process, with its own trust file and CI=true (plain lines, no progress bar);
 * `launcher` starts it (e.g. `prlimit --fsize=N`).
 */
export function spawnCli(
  args: readonly string[],
  configDir: string,
  launcher: readonly string[] = [],
): Promise<CliExit> {
  const [command, ...rest] = [...launcher, process.execPath, CLI_FROM_SOURCES, ...args];
  return new Promise((resolve, reject) => {
    const child = spawn(command!, rest, {
      env: { ...process.env, AIEVAL_CONFIG_DIR: configDir, CI: 'true' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** `ai-eval init` in a child process into `workspace` of a fresh temp folder (`prefix…`) with its own `config`. */
export async function initWithCli(prefix: string): Promise<{ root: string; configDir: string; dir: string }> {
  const root = mkdtempSync(join(tmpdir(), prefix));
  const configDir = join(root, 'config');
  const dir = join(root, 'workspace');
  const init = await spawnCli(['init', dir], configDir);
  expect(init.code, init.stderr).toBe(0);
  return { root, configDir, dir };
}

/** The same command through main() in this process (with `env` added), its output collected line by line. */
export async function runCliInProcess(
  args: readonly string[],
  configDir: string,
  cwd = process.cwd(),
  env: Readonly<Record<string, string>> = {},
): Promise<CliExit> {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = {
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    interactive: false,
    cwd,
    env: { ...process.env, AIEVAL_CONFIG_DIR: configDir, CI: 'true', ...env },
  };
  const code = await main(args, io);
  return { code, stdout: out.join('\n'), stderr: err.join('\n') };
}

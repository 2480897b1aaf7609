// The child-process `ai-eval run` tests' shared pieces: a launcher that keeps the child (to kill it), the example
// workspace on the fake provider with the settings a test names, and the fake's judged answers.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { judgeScript } from '../../fixtures/fake-scripts';
import { CLI_FROM_SOURCES } from '../../support/cli';
import { exampleOn } from '../../support/online-example';

/** The example dataset's enabled questions. */
export const QUESTIONS = 21;
export const ANSWER = 'The main branch is open on Sundays from 12:00 to 17:00. Late fees are 0.20 EUR per day.';

export const judged = judgeScript({ score: 4, reason: 'fine' }, () => ({ text: ANSWER, delayMs: 20 }));

export type Exit = Readonly<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>;

export type Launcher = (args: readonly string[]) => { child: ChildProcess; exit: Promise<Exit> };

/** A launcher of `ai-eval ...args` child processes with their own trust file (and `env` added, a store's, say). */
export function launcher(env: Readonly<Record<string, string>> = {}): Launcher {
  const configDir = mkdtempSync(join(tmpdir(), 'aieval-cli-run-config-'));
  return (args) => {
    const child = spawn(process.execPath, [CLI_FROM_SOURCES, ...args], {
      env: { ...process.env, AIEVAL_CONFIG_DIR: configDir, CI: 'true', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exit = new Promise<Exit>((resolve) =>
      child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr })),
    );
    return { child, exit };
  };
}

/** A workspace copied from the example whose `local` provider is `url`, with the given settings block. */
export function workspaceAt(url: string, settings = '  concurrency: 2'): string {
  return exampleOn(url, (text) =>
    text.replace(/settings:\n(?: {2}.*\n)+/, `settings:\n  question_pass_threshold: 3.5\n${settings}\n`),
  );
}

// The processes the benchmarks start: a TypeScript script of bench/ in a fresh Node, and the fake provider server.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

/** Runs bench/`script` through tsx in a new process; its stdout is piped, its stderr shown. */
export const benchScript = (script: string, args: string[], flags: string[] = []): ChildProcess =>
  spawn(process.execPath, [...flags, '--import', 'tsx', join(import.meta.dirname, script), ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });

/** Starts a fake provider server process; resolves with its URL and a stop function. */
export async function fakeServer(latencyMs: number): Promise<{ url: string; stop: () => Promise<void> }> {
  const child = benchScript('fake-server-process.ts', ['--latency', String(latencyMs)]);
  const [line] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string];
  return {
    url: line.trim(),
    stop: async () => {
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}

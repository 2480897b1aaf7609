// A virtual X display for the desktop smoke test on a Linux machine without one: Xvfb picks a free display number
// itself (-displayfd) and writes it to the pipe we read.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import type { Readable } from 'node:stream';

export type Display = Readonly<{ name: string; stop: () => Promise<void> }>;

export async function startXvfb(): Promise<Display> {
  const xvfb = spawn('Xvfb', ['-displayfd', '3', '-screen', '0', '1280x800x24', '-nolisten', 'tcp'], {
    stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  xvfb.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const number = await new Promise<string>((resolve, reject) => {
    let out = '';
    (xvfb.stdio[3] as Readable).on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('\n')) resolve(out.trim());
    });
    xvfb.once('error', (error) => reject(new Error(`Xvfb could not start (is it installed?): ${error.message}`)));
    xvfb.once('exit', (code) => reject(new Error(`Xvfb exited ${code}: ${stderr.trim()}`)));
    setTimeout(() => reject(new Error(`Xvfb gave no display within 20 s: ${stderr.trim()}`)), 20_000).unref();
  });
  return {
    name: `:${number}`,
    stop: async () => {
      if (xvfb.exitCode !== null) return;
      xvfb.kill('SIGTERM');
      await once(xvfb, 'exit');
    },
  };
}

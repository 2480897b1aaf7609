// The security suite runs the hostile sweep against the built CLI (bin/ai-eval.js over out/cli), as a user runs it:
// rebuilt once here when any source is newer than the bundle (`npm test` has just built it, so then nothing happens).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..', '..');
const BUNDLE = join(ROOT, 'out', 'cli', 'ai-eval.cjs');

function newestSource(): number {
  let newest = 0;
  for (const folder of ['src-main', 'src-shared', 'resources'])
    for (const name of readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' }))
      newest = Math.max(newest, statSync(join(ROOT, folder, name)).mtimeMs);
  return newest;
}

export default function setup(): void {
  if (existsSync(BUNDLE) && statSync(BUNDLE).mtimeMs > newestSource()) return;
  const build = spawnSync('npm', ['run', '-s', 'build:cli'], {
    cwd: ROOT,
    encoding: 'utf8',
    shell: process.platform === 'win32',
  });
  if (build.status !== 0) throw new Error(`npm run build:cli failed: ${build.stderr}`);
}

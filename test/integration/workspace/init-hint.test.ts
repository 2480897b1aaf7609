// `ai-eval init` (which `npm start` runs for its first workspace) prints its next command ready to paste: a folder
// with a space in its path comes quoted.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { spawnCli } from '../../support/cli';

it('quotes a workspace path with a space in the printed next command', async () => {
  const root = mkdtempSync(join(tmpdir(), 'aieval-init-hint-'));
  const dir = join(root, 'AI Eval', 'example');
  const init = await spawnCli(['init', dir], join(root, 'config'));
  expect(init.code, init.stderr).toBe(0);
  expect(init.stdout).toContain(`Next: ai-eval validate --workspace "${dir}"`);
}, 60_000);

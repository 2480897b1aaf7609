// `ai-eval import-traces` on a file of blank lines ends as on an empty file: one bad file, "is empty", exit 2.
import { copyFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCliInProcess } from '../../support/cli';
import { copyExample } from '../../support/workspace';

const configDir = mkdtempSync(join(tmpdir(), 'aieval-blank-traces-config-'));
const BLANK = join(import.meta.dirname, '..', '..', 'fixtures', 'hostile', 'traces', 'blank-lines.jsonl');

describe('a trace file of blank lines', () => {
  it('exits like an empty one', async () => {
    const dir = copyExample();
    // Imports read only inside the workspace (docs/security.md).
    const blank = join(dir, 'blank-lines.jsonl');
    const empty = join(dir, 'empty.jsonl');
    copyFileSync(BLANK, blank);
    writeFileSync(empty, '');
    const ofEmpty = await runCliInProcess(['import-traces', empty, '--workspace', dir], configDir);
    const ofBlank = await runCliInProcess(['import-traces', blank, '--workspace', dir], configDir);
    expect(ofEmpty.code).toBe(2);
    expect(ofBlank.code).toBe(ofEmpty.code);
    expect(ofBlank.stderr).toContain('blank-lines.jsonl is empty (blank lines only)');
    expect(ofBlank.stderr).toContain('error: nothing could be read from');
    expect(ofBlank.stdout).toContain('1 bad');
  });
});

// An envelope's aggregate is checked against itself whether or not its samples file is beside it: a grader score
// edited with the composite kept, counts that disagree with the pass rate or total_rows, a checksum of zeros: each
// refused with the reason, exit 2, the store unchanged; the untouched export imports with its samples file, and is
// refused without it (its verdict is recomputed from the samples, never taken from the file).
import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Store, storeFile } from '../../../src-main/store/store';
import { runCliInProcess } from '../../support/cli';
import { copyHostile, HOSTILE_DIR } from '../../support/hostile';

const configDir = mkdtempSync(join(tmpdir(), 'aieval-hostile-envelopes-cfg-'));
const UUID = '53db0c9e-e9c9-4be0-861f-bc412e2d5426';
const ENVELOPES = join(HOSTILE_DIR, 'envelopes');

/** The aggregate of `folder` in a folder of its own, with the genuine samples file beside it when asked. */
function envelope(folder: string, withSamples: boolean): string {
  const dir = mkdtempSync(join(tmpdir(), 'aieval-envelope-'));
  copyFileSync(join(ENVELOPES, folder, `${UUID}.json`), join(dir, `${UUID}.json`));
  if (withSamples)
    copyFileSync(join(ENVELOPES, 'genuine', `${UUID}_samples.jsonl`), join(dir, `${UUID}_samples.jsonl`));
  return join(dir, `${UUID}.json`);
}

/** Imports `folder`'s aggregate into a fresh copy of the hostile workspace: the CLI's answer and the runs it stored. */
async function importEnvelope(folder: string, withSamples: boolean) {
  const workspace = copyHostile('schema-pattern');
  const result = await runCliInProcess(
    ['import-envelope', '--workspace', workspace, envelope(folder, withSamples)],
    configDir,
  );
  return { result, runs: runsIn(workspace) };
}

function runsIn(workspace: string): number {
  const store = Store.open(storeFile(workspace));
  try {
    return store.repos.runs.list({ limit: 10, offset: 0 }).runs.length;
  } finally {
    store.close();
  }
}

const TAMPERED: readonly [string, RegExp][] = [
  [
    'grader-score-edited',
    /the composite is 4\.333333333333333, but its graders' means \(relevance_grader 1, fact_match_grader 4, format_grader 5\) make 3\.33/,
  ],
  [
    'counts-edited',
    /pass_rate is 1, but 1 of 3 scored questions passed\n.*total_rows is 12, but the counts of this aggregate make 15/,
  ],
  ['checksum-zeros', /the declared checksum "0{64}" is not a sha256 digest/],
];

describe('import-envelope checks the aggregate against itself', () => {
  it.each(
    TAMPERED.flatMap(([folder, reason]) => [[folder, 'without', reason] as const, [folder, 'with', reason] as const]),
  )('%s, %s its samples file: refused, exit 2, nothing stored', async (folder, samples, reason) => {
    const { result, runs } = await importEnvelope(folder, samples === 'with');
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(reason);
    expect(runs).toBe(0);
  });

  it('the genuine export with its samples file imports', async () => {
    const { result, runs } = await importEnvelope('genuine', true);
    expect(result.stderr).not.toMatch(/refused/);
    expect(result.code).toBe(0);
    expect(runs).toBe(1);
  });

  it('the genuine export without its samples file is refused: nothing to recompute its verdict from', async () => {
    const { result, runs } = await importEnvelope('genuine', false);
    expect(result.stderr).toMatch(/its samples file is not beside it/);
    expect(result.code).toBe(2);
    expect(runs).toBe(0);
  });
});

import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RunIdentity } from '../../../../src-shared/model';
import {
  manifestName,
  writeShardManifest,
  type ShardEntry,
} from '../../../../src-main/engine/export/shards/shard-bundle';
import { checkShardSet, readManifests } from '../../../../src-main/engine/export/shards/shard-set';
import { identity } from '../../store/repos/run-fixtures';

const entry = (over: Partial<ShardEntry> = {}, id: Partial<RunIdentity> = {}): ShardEntry => ({
  target: 'chat',
  status: 'complete',
  run_id: 'r',
  total: 3,
  aggregate: 'data/x.json',
  aggregate_sha256: 'abc',
  error: null,
  identity: identity({ targetId: 'chat', ...id }),
  ...over,
});

/** Writes shard bundles (manifests only) into `dir`, one per [index, count, entries]. */
function bundles(dir: string, shards: [number, number, ShardEntry[]][]): string {
  mkdirSync(dir, { recursive: true });
  for (const [index, count, runs] of shards)
    writeShardManifest(dir, {
      format: 'ai-eval-shard',
      version: 1,
      shard: { index, count },
      app_version: 'test',
      written_at: '2026-01-01T00:00:00.000Z',
      runs,
    });
  return dir;
}

const check = (...paths: string[]) => {
  const { files, problems } = readManifests(paths);
  return { ...checkShardSet(files), readProblems: problems };
};

describe('checkShardSet', () => {
  it('accepts a whole set, empty slices included, found in nested folders', () => {
    const root = mkdtempSync(join(tmpdir(), 'shards-'));
    bundles(join(root, 'a', 'eval-shard-1'), [[1, 3, [entry()]]]);
    bundles(join(root, 'b'), [
      [2, 3, [entry({ status: 'empty', run_id: null, total: 0, aggregate: null, aggregate_sha256: null })]],
      [3, 3, [entry()]],
    ]);
    const { groups, problems, readProblems } = check(root);
    expect([...problems, ...readProblems]).toEqual([]);
    expect(groups).toHaveLength(1);
    expect(groups[0]!.slices.map((slice) => slice.shard.index)).toEqual([1, 2, 3]);
  });

  it('names a shard of another count, one that did not complete, and one bundle that skipped the target', () => {
    const root = mkdtempSync(join(tmpdir(), 'shards-'));
    bundles(root, [
      [1, 3, [entry()]],
      [2, 3, [entry({ status: 'error', error: 'disk full' })]],
      [3, 3, [entry({ target: 'agent' })]],
    ]);
    bundles(join(root, 'other'), [[1, 2, [entry()]]]);
    const { groups, problems } = check(root);
    expect(groups.map((group) => group.targetId)).toEqual([]);
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^foreign shard: .*ai-eval-shard-1-of-2\.json is shard 1\/2 of chat, the other shards of chat are of 3$/,
        ),
        'shard 2/3 of chat did not complete (error: disk full); run that shard again',
        expect.stringMatching(/^missing shard: .*ai-eval-shard-3-of-3\.json is shard 3\/3 but did not run chat$/),
        expect.stringMatching(/^missing shard: .*ai-eval-shard-1-of-3\.json is shard 1\/3 but did not run agent$/),
      ]),
    );
  });

  it('names every identity field that differs, with both values', () => {
    const root = mkdtempSync(join(tmpdir(), 'shards-'));
    const base = identity({ targetId: 'chat' });
    bundles(root, [
      [1, 2, [entry()]],
      [2, 2, [entry({}, { model: 'other-model', dataset: { ...base.dataset, version: '2.0.0' } })]],
    ]);
    const { problems } = check(root);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(`model other-model (the others: ${base.model})`);
    expect(problems[0]).toContain(
      `dataset ${base.dataset.id}@2.0.0 (the others: ${base.dataset.id}@${base.dataset.version})`,
    );
  });

  it('reports a file that is not a manifest and a folder without any', () => {
    const root = mkdtempSync(join(tmpdir(), 'shards-'));
    const stray = join(root, manifestName({ index: 1, count: 2 }));
    writeFileSync(stray, '{"format": "something-else"}');
    const empty = mkdtempSync(join(tmpdir(), 'shards-empty-'));
    const { readProblems } = check(stray, empty, join(root, 'nope'));
    expect(readProblems[0]).toMatch(/not an ai-eval shard manifest: format: /);
    expect(readProblems[1]).toContain('no shard manifest (ai-eval-shard-I-of-N.json) in this folder or below');
    expect(readProblems[2]).toContain('cannot be read (ENOENT)');
  });
});

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { importTraceFiles, type ImportOptions } from '../../../src-main/engine/traces/import-files';
import { inProcessStore, Store } from '../../../src-main/store/store';
import { jsonRequest } from '../../fixtures/otlp-builder';
import { chatTrace, writeJsonLines } from './traces-fixtures';

const stores: Store[] = [];
afterEach(() => stores.splice(0).forEach((store) => store.close()));

function freshStore(): Store {
  const store = Store.open(join(mkdtempSync(join(tmpdir(), 'aieval-worker-store-')), 'store.sqlite'));
  stores.push(store);
  return store;
}

/** Imports into a fresh store, decoding in a worker thread or in this one; returns the summary and every item. */
async function importWith(worker: boolean, paths: string[], extra: Partial<ImportOptions> = {}) {
  const store = freshStore();
  const api = inProcessStore(store);
  const summary = await importTraceFiles(paths, {
    store: api.traces,
    clock: Date.now,
    workerAboveBytes: worker ? 0 : Infinity,
    batchSpans: 4,
    ...extra,
  });
  const items = store.db
    .prepare('SELECT id, group_key, input_text, output_text, truncated, captured FROM review_items ORDER BY id')
    .all();
  const { elapsedMs: _elapsed, ...rest } = summary;
  return { summary: rest, items };
}

describe('trace import in a worker thread', () => {
  it('stores the same spans and review items as an import in this thread, bad lines included', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'aieval-worker-'));
    const good = writeJsonLines(
      dir,
      'good.jsonl',
      Array.from({ length: 12 }, (_, i) => chatTrace(i + 1, { conversation: `c${i % 3}` })),
    );
    const mixed = join(dir, 'mixed.jsonl');
    writeFileSync(mixed, [JSON.stringify(jsonRequest(chatTrace(40))), '{ not json', ''].join('\n'));
    const paths = [good, mixed, join(dir, 'missing.jsonl')];
    const inThread = await importWith(false, paths);
    const inWorker = await importWith(true, paths);
    expect(inWorker).toEqual(inThread);
    expect(inWorker.summary).toMatchObject({ spans: 13, reviewItems: 13, bad: 2, unreadable: [paths[2]] });
    expect(inWorker.summary.errors.map((error) => [error.file, error.line])).toEqual([
      [mixed, 2],
      [paths[2], null],
    ]);
  });

  it('stops at a cancel, keeping the batches written, and ends the worker', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'aieval-worker-'));
    const path = writeJsonLines(
      dir,
      'many.jsonl',
      Array.from({ length: 40 }, (_, i) => chatTrace(i + 1)),
    );
    const controller = new AbortController();
    const { summary } = await importWith(true, [path], {
      signal: controller.signal,
      progressIntervalMs: 0,
      onProgress: (progress) => progress.spans >= 8 && controller.abort(),
    });
    expect(summary.cancelled).toBe(true);
    expect(summary.inserted).toBeGreaterThanOrEqual(8);
    expect(summary.inserted).toBeLessThan(40);
    expect(summary.reviewItems).toBe(summary.inserted);
  });
});

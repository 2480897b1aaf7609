// A store that fills up mid-run (SQLite's max_page_count: a real SQLITE_FULL without a small file system): the run
// ends in error with the environment as its cause, keeps every result it committed, says how many were stored and how
// many finished results could not be written, and a resume once there is room finishes the run. A write that fails
// mid-run stops the questions being asked.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resumeRun, startRun } from '../../../../src-main/engine/run/start-run';
import { Store } from '../../../../src-main/store/store';
import { fakeProvider, harness, makeWorkspace, selection } from './engine-fixtures';

const signal = () => new AbortController().signal;
// Answers of ~6 KB: every stored result takes pages of its own, so the store fills after a few of them.
const bigAnswer = (request: { messages: readonly { content: string }[] }) =>
  `An answer to ${request.messages.at(-1)?.content}: ${'plenty of words '.repeat(400)}`;

/** Starts a run of 40 questions, two at a time, each answered after a tick, stored in `store`. */
async function startFortyQuestions(store: Store) {
  const provider = fakeProvider(() => async (request) => {
    await new Promise((resolve) => setTimeout(resolve, 1));
    return bigAnswer(request);
  });
  const h = harness(makeWorkspace({ questions: 40 }), provider, { store });
  const started = await startRun(
    { targetId: 't1', selection: selection(), source: 'ci', concurrency: 2 },
    h.deps,
    signal(),
  );
  return { provider, h, started };
}

describe('a store that fills up mid-run', () => {
  it('ends the run in error (disk full), keeps what was committed, says what was lost, and resumes', async () => {
    const store = Store.open(join(mkdtempSync(join(tmpdir(), 'aieval-full-')), 'store.sqlite'));
    const pages = store.db.pragma('page_count', { simple: true }) as number;
    store.db.pragma(`max_page_count = ${pages + 40}`);
    const { provider, h, started } = await startFortyQuestions(store);
    const finished = await started.finished;
    const stored = (await h.db.results.doneKeys(started.runId)).length;
    expect(finished).toMatchObject({ status: 'error', environment: 'the disk is full (SQLITE_FULL)' });
    expect(stored).toBeGreaterThan(0);
    expect(stored).toBeLessThan(40);
    expect(finished.error).toContain('database or disk is full');
    expect(finished.error).toContain(`${stored} of 40 results are stored`);
    expect(finished.error).toMatch(/^the disk is full \(SQLITE_FULL\): database or disk is full; /);
    // The rows of the failed commit are named; none of them is in the store.
    const lost = /; (\d+) finished results? could not be written: ([^;]+); finish it with: ai-eval run --resume /.exec(
      finished.error ?? '',
    );
    expect(lost).not.toBeNull();
    const named = lost![2]!.split(', ');
    expect(named).toHaveLength(Number(lost![1]));
    const storedIds = new Set((await h.db.results.doneKeys(started.runId)).map(([id]) => id));
    for (const id of named) expect(storedIds.has(id)).toBe(false);
    expect(await h.db.runLocks.get('t1')).toBeUndefined();

    // Room again: the resume asks only what is missing and completes the run.
    store.db.pragma('max_page_count = 1073741823');
    const asked = provider.calls.length;
    const resumed = await (await resumeRun(started.runId, h.deps, {}, signal())).finished;
    expect(resumed).toMatchObject({ status: 'complete', error: null });
    expect((await h.db.results.doneKeys(started.runId)).length).toBe(40);
    expect(provider.calls.length - asked).toBe(40 - stored);
    store.close();
  });
});

describe('startRun when the store cannot keep up', () => {
  it('a write that fails mid-run (disk full) ends the run in error with its cause, and stops asking questions', async () => {
    const store = Store.open(':memory:');
    const insertMany = store.repos.results.insertMany.bind(store.repos.results);
    let commits = 0;
    store.repos.results.insertMany = (rows) => {
      if (++commits === 2) throw Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
      return insertMany(rows);
    };
    const { provider, h, started } = await startFortyQuestions(store);
    const finished = await started.finished;
    expect(finished).toMatchObject({ status: 'error', environment: 'the disk is full (SQLITE_FULL)' });
    expect(finished.error).toContain('database or disk is full');
    expect(provider.calls.length).toBeLessThan(40);
    expect(await h.db.runLocks.get('t1')).toBeUndefined();
  });
});

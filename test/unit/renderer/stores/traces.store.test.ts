// The review queue store against a fake queue: start position, moving, labeling and advancing, group labels, undo,
// import with progress, promotion, failures, and a late item answer dropped.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useTraces, workbenchFailed } from '../../../../src-renderer/features/traces/traces.store';
import { answer, calledWith, heldAnswers, refuse, resetService } from './fake-service';

vi.mock('../../../../src-renderer/api/transport', () => import('./fake-transport'));

/** The fake queue: item ids in order with their verdicts (null: unlabeled). */
let labels: Record<string, string | null>;

function serveQueue() {
  answer('traces.counts', () => ({
    total: Object.keys(labels).length,
    labeled: Object.values(labels).filter(Boolean).length,
  }));
  answer('traces.groups', () => ({ groups: [{ key: 'conv-1' }], total: 1 }));
  answer('traces.neighbor', ({ id, direction, unlabeledOnly }) => {
    const ids = Object.keys(labels);
    const order = direction === 'next' ? ids : [...ids].reverse();
    const from = id === null ? -1 : order.indexOf(String(id));
    const next = order.slice(from + 1).find((candidate) => !unlabeledOnly || labels[candidate] === null);
    return { id: next ?? null };
  });
  answer('traces.get', ({ id }) => ({
    item: { id },
    label: labels[String(id)] ? { verdict: labels[String(id)] } : null,
  }));
  answer('labels.submit', ({ subjectId, verdict }) => {
    labels[String(subjectId)] = verdict as string;
    return { label: { verdict } };
  });
}

const state = () => useTraces.getState();

beforeEach(() => {
  resetService();
  useTraces.setState(useTraces.getInitialState(), true);
  labels = { a: 'pass', b: null, c: null };
  serveQueue();
});

describe('traces store', () => {
  it('starts at the first unlabeled item, or at the first item of a fully labeled queue', async () => {
    await state().queueRequested();
    expect(state()).toMatchObject({ currentId: 'b', counts: { total: 3, labeled: 1 }, groupsTotal: 1 });

    useTraces.setState(useTraces.getInitialState(), true);
    labels = { a: 'pass', b: 'fail' };
    await state().queueRequested();
    expect(state().currentId).toBe('a');
  });

  it('labels the current item, refreshes the counts, and advances when asked', async () => {
    await state().queueRequested();
    await state().labelChanged({ verdict: 'fail' } as never, true);
    expect(calledWith('labels.submit')).toEqual([{ subjectType: 'review_item', subjectId: 'b', verdict: 'fail' }]);
    expect(state()).toMatchObject({ currentId: 'c', counts: { labeled: 2 } });
  });

  it('says when the queue ends or starts', async () => {
    await state().queueRequested();
    await state().moved('next');
    await state().moved('next');
    expect(state()).toMatchObject({ currentId: 'c', message: 'End of the queue.' });
    await state().moved('previous');
    await state().moved('previous');
    await state().moved('previous');
    expect(state()).toMatchObject({ currentId: 'a', message: 'Start of the queue.' });
  });

  it('starts over from the first item when the filters change; shows nothing for an empty queue', async () => {
    await state().queueRequested();
    labels = {};
    await state().filtersChanged({ text: 'refund' } as never);
    expect(state()).toMatchObject({ filters: { text: 'refund' }, currentId: undefined, item: undefined });
    expect(calledWith('traces.counts').at(-1)).toEqual({ groupKey: undefined, filters: { text: 'refund' } });
  });

  it('says why the queue could not be read', async () => {
    refuse('traces.counts', 'The database is busy.', 'unavailable');
    await state().queueRequested();
    expect(state().error).toBe('The database is busy.');
    serveQueue();
    await state().queueRequested();
    expect(state().error).toBeUndefined();
  });

  it('shows the item the reviewer moved to, not a slower earlier one', async () => {
    const [slow, fast] = heldAnswers('traces.get', 2);
    const first = state().itemOpened('a');
    const second = state().itemOpened('c');
    fast!.resolve({ item: { id: 'c' }, label: null });
    await second;
    slow!.resolve({ item: { id: 'a' }, label: { verdict: 'pass' } });
    await first;
    expect(state()).toMatchObject({ currentId: 'c', item: { id: 'c' }, label: null });
  });

  it('labels a group, undoes, and says how many items changed', async () => {
    await state().groupSelected('conv-1');
    expect(state()).toMatchObject({ groupKey: 'conv-1', currentId: 'a' });
    answer('labels.submitGroup', () => ({ count: 2 }));
    await state().groupLabeled({ verdict: 'pass' } as never, true);
    expect(calledWith('labels.submitGroup')).toEqual([{ verdict: 'pass', groupKey: 'conv-1', onlyUnlabeled: true }]);
    expect(state().message).toBe('Labeled 2 items of this group.');

    answer('labels.undo', () => ({ reverted: [{ subjectType: 'review_item', subjectId: 'b', label: null }] }));
    await state().undoRequested();
    expect(state().message).toBe('Undid the last change (1 item).');
    answer('labels.undo', () => ({ reverted: [] }));
    await state().undoRequested();
    expect(state().message).toBe('Nothing to undo.');
  });

  it('cycles the label dimension', () => {
    state().dimensionMoved(-1, 6);
    expect(state().dimension).toBe(5);
    state().dimensionMoved(1, 6);
    expect(state().dimension).toBe(0);
  });

  it('shows import progress until the last file is done, then the summary; an import failure says why', async () => {
    state().importProgressed({ fileIndex: 0, fileCount: 2, done: true } as never);
    expect(state().importing).toMatchObject({ fileIndex: 0 });
    state().importProgressed({ fileIndex: 1, fileCount: 2, done: true } as never);
    expect(state().importing).toBeUndefined();

    answer('traces.import', () => ({ spans: 120, files: 2 }));
    await state().importRequested(['a.jsonl', 'b.jsonl']);
    expect(state()).toMatchObject({ lastImport: { spans: 120 }, importing: undefined, error: undefined });

    refuse('traces.import', 'a.jsonl line 3: not OTLP JSON.');
    await state().importRequested(['a.jsonl']);
    expect(state()).toMatchObject({ lastImport: undefined, error: 'a.jsonl line 3: not OTLP JSON.' });
  });

  it('promotes the current item or the whole group, and says what was refused', async () => {
    await state().queueRequested();
    answer('traces.promote', ({ ids }) => ({
      promoted: (ids as string[]).length - 1,
      refused: 1,
      outcomes: (ids as string[]).map((id, i) => ({ id, promoted: i > 0, reason: i > 0 ? null : 'no user question' })),
    }));
    await state().promoteRequested({ dataset: 'helpdesk' }, false);
    expect(calledWith('traces.promote')).toEqual([{ ids: ['b'], dataset: 'helpdesk' }]);
    expect(state().message).toBe('Promoted 0 into dataset helpdesk. Refused 1: no user question');

    await state().groupSelected('conv-1');
    answer('traces.items', () => ({ total: 3, items: [{ id: 'a' }, { id: 'b' }, { id: 'c' }] }));
    await state().promoteRequested({ judgeGrader: 'relevance_grader' }, true);
    expect(calledWith('traces.promote').at(-1)).toEqual({ ids: ['a', 'b', 'c'], judgeGrader: 'relevance_grader' });
    expect(state().message).toBe('Promoted 2 into the gold set of relevance_grader. Refused 1: no user question');

    refuse('traces.promote', 'No dataset helpdesk.', 'not_found');
    await state().promoteRequested({ dataset: 'helpdesk' }, false);
    expect(state().error).toBe('No dataset helpdesk.');
  });

  it('shows a failed workbench action in the error banner', () => {
    workbenchFailed(new Error('labels.submit refused: the item is gone'));
    expect(state().error).toBe('labels.submit refused: the item is gone');
  });
});

import { beforeEach, describe, expect, it } from 'vitest';
import { item, span } from '../../../support/trace-rows';
import { Store } from '../../../../src-main/store/store';

describe('TracesRepo review groups', () => {
  let store: Store;
  const groups = () => store.db.prepare('SELECT group_key, group_at FROM review_groups ORDER BY group_key').all();
  const queue = () => store.repos.reviewQueue.items({}, 0, 10).map((i) => i.id);
  beforeEach(() => {
    store = Store.open(':memory:');
  });

  it("keeps each group's latest start once, follows an item rebuilt into another group and drops the emptied one", () => {
    const traces = store.repos.traces;
    traces.saveItems([item('a', 'conversation:c', 10), item('b', 'run:b', 20), item('n', 'run:n', null)], []);
    expect(groups()).toEqual([
      { group_key: 'conversation:c', group_at: 10 },
      { group_key: 'run:b', group_at: 20 },
      { group_key: 'run:n', group_at: -1 },
    ]);
    expect(queue()).toEqual(['b', 'a', 'n']);

    // A later turn raises its conversation above run:b; no item row is rewritten for it.
    traces.saveItems([item('c', 'conversation:c', 30)], []);
    expect(groups()).toContainEqual({ group_key: 'conversation:c', group_at: 30 });
    expect(queue()).toEqual(['a', 'c', 'b', 'n']);

    // The rest of trace b arrives and names its conversation: b moves, run:b is gone, c's latest start stays 30.
    traces.saveItems([item('b', 'conversation:c', 25)], []);
    expect(groups()).toEqual([
      { group_key: 'conversation:c', group_at: 30 },
      { group_key: 'run:n', group_at: -1 },
    ]);
    expect(queue()).toEqual(['a', 'b', 'c', 'n']);
    // The queue counts groups from review_groups when nothing is filtered, and from the items when something is.
    expect(store.repos.reviewQueue.groups({}, 0, 10).total).toBe(2);
    expect(store.repos.reviewQueue.groups({ labelState: 'unlabeled' }, 0, 10).total).toBe(2);

    // A rebuilt item whose start moves earlier lowers its group's order.
    traces.saveItems([item('c', 'conversation:c', 5)], []);
    expect(groups()).toContainEqual({ group_key: 'conversation:c', group_at: 25 });
  });
  it("raises a group's latest start for the new traces of a batch, and never lowers it", () => {
    const traces = store.repos.traces;
    traces.insertBatch([span('a'), span('b')], [item('a', 'conversation:c', 10), item('b', 'conversation:c', 40)]);
    traces.insertBatch([span('n')], [item('n', 'run:n', null)]);
    expect(groups()).toEqual([
      { group_key: 'conversation:c', group_at: 40 },
      { group_key: 'run:n', group_at: -1 },
    ]);
    traces.insertBatch([span('e')], [item('e', 'conversation:c', 20)]);
    expect(groups()).toContainEqual({ group_key: 'conversation:c', group_at: 40 });
    expect(queue()).toEqual(['a', 'e', 'b', 'n']);
  });
});

describe('TracesRepo trace numbers', () => {
  it('numbers each trace once, writes the items of new traces and queues those that continue stored spans', () => {
    const store = Store.open(':memory:');
    const traces = store.repos.traces;
    const first = traces.insertBatch(
      [span('a', 's1'), span('a', 's2'), span('b')],
      [item('a', 'run:a', 1), item('b', 'run:b', 2)],
    );
    expect(first).toEqual({ inserted: 3, skipped: 0, newTraces: 2, itemsWritten: 2, queued: [] });

    // The same spans again change nothing; a new span of a stored trace queues it, a new trace is written at once.
    const second = traces.insertBatch(
      [span('a', 's1'), span('b'), span('b', 's9'), span('c')],
      [item('b', 'run:b', 3), item('c', 'run:c', 4)],
    );
    expect(second).toEqual({ inserted: 2, skipped: 2, newTraces: 1, itemsWritten: 1, queued: ['b'] });
    expect(traces.pendingRebuilds(10)).toEqual(['b']);
    expect(store.repos.reviewQueue.items({}, 0, 10).map((i) => [i.id, i.startedAt])).toEqual([
      ['c', 4],
      ['b', 2],
      ['a', 1],
    ]);

    expect(store.db.prepare('SELECT seq, trace_id FROM traces ORDER BY seq').all()).toEqual([
      { seq: 1, trace_id: 'a' },
      { seq: 2, trace_id: 'b' },
      { seq: 3, trace_id: 'c' },
    ]);
    expect(traces.traceSpans('b', 10).map((s) => s.spanId)).toEqual(['s', 's9']);
    expect(traces.totals()).toEqual({ spans: 5, traces: 3, items: 3, conversations: 0 });
    store.close();
  });
});

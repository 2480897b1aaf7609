import { describe, expect, it } from 'vitest';
import { PendingTraces } from '../../../../src-main/engine/traces/decode/pending-traces';
import type { DecodedSpan } from '../../../../src-main/engine/traces/span';
import { decode, parent, s } from './trace-helpers';

/** A span of trace `trace` (a letter); `root` spans have no parent. */
function span(trace: string, id: number, root = false): DecodedSpan {
  const [decoded] = decode([s(id, `span ${id}`, id, id + 1, root ? {} : { parentSpanId: parent(999) })]);
  return { ...decoded!, traceId: trace.repeat(32) };
}

const ids = (spans: readonly DecodedSpan[]) =>
  spans.map((one) => `${one.traceId[0]}${Number.parseInt(one.spanId, 16)}`);

describe('the spans a batch holds back', () => {
  it('holds back a trace without its root, and writes it whole once the root arrives', () => {
    const pending = new PendingTraces(100);
    pending.add(span('a', 1));
    pending.add(span('b', 1));
    pending.add(span('b', 2, true));
    expect(ids(pending.cut(false))).toEqual(['b1', 'b2']);
    expect(pending.size).toBe(1);

    pending.add(span('a', 2));
    pending.add(span('a', 3, true));
    expect(pending.read).toBe(2);
    expect(ids(pending.cut(false))).toEqual(['a1', 'a2', 'a3']);
    expect(pending.size).toBe(0);
  });

  it('writes the traces read first when the open ones would hold back more than its limit', () => {
    const pending = new PendingTraces(2);
    for (const trace of ['a', 'b', 'c']) pending.add(span(trace, 1));
    pending.add(span('c', 2));
    expect(ids(pending.cut(false))).toEqual(['a1', 'b1']);
    expect(pending.size).toBe(2);
  });

  it('writes a trace whose root is in another service once the traces read after it push it out', () => {
    const pending = new PendingTraces(2);
    pending.add(span('a', 1));
    pending.add(span('a', 2));
    expect(pending.cut(false)).toEqual([]);
    pending.add(span('b', 1));
    expect(ids(pending.cut(false))).toEqual(['a1', 'a2']);
    expect(pending.size).toBe(1);
  });

  it('hands out every span at the end, open or not', () => {
    const pending = new PendingTraces(100);
    pending.add(span('a', 1));
    pending.add(span('b', 1));
    expect(ids(pending.cut(true))).toEqual(['a1', 'b1']);
    expect(pending.size).toBe(0);
  });
});

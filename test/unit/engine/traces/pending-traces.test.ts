import { describe, expect, it } from 'vitest';
import { PendingTraces } from '../../../../src-main/engine/traces/decode/pending-traces';
import type { DecodedSpan } from '../../../../src-main/engine/traces/span';
import { decode, parent, s } from './trace-helpers';

/** A span of trace `trace` (a letter); `root` spans have no parent. */
function span(trace: string, id: number, root = false): DecodedSpan {
  const [decoded] = decode([s(id, `span ${id}`, id, id + 1, root ? {} : { parentSpanId: parent(999) })]);
  return { ...decoded!, traceId: trace.repeat(32) };
}

/** A batch that holds back at most `limit` spans, with `spans` added in that order. */
function holding(limit: number, ...spans: DecodedSpan[]): PendingTraces {
  const pending = new PendingTraces(limit);
  for (const one of spans) pending.add(one);
  return pending;
}

const ids = ({ spans }: { spans: readonly DecodedSpan[] }) =>
  spans.map((one) => `${one.traceId[0]}${Number.parseInt(one.spanId, 16)}`);

describe('the spans a batch holds back', () => {
  it('holds back a trace without its root, and writes it whole once the root arrives', () => {
    const pending = holding(100, span('a', 1), span('b', 1), span('b', 2, true));
    expect(ids(pending.cut(false))).toEqual(['b1', 'b2']);
    expect(pending.size).toBe(1);

    pending.add(span('a', 2));
    pending.add(span('a', 3, true));
    expect(pending.read).toBe(2);
    expect(ids(pending.cut(false))).toEqual(['a1', 'a2', 'a3']);
    expect(pending.size).toBe(0);
  });

  it('writes the traces read first when the open ones would hold back more than its limit', () => {
    const pending = holding(2, span('a', 1), span('b', 1), span('c', 1), span('c', 2));
    expect(ids(pending.cut(false))).toEqual(['a1', 'b1']);
    expect(pending.size).toBe(2);
  });

  it('writes a trace whose root is in another service once the traces read after it push it out', () => {
    const pending = holding(2, span('a', 1), span('a', 2));
    expect(pending.cut(false).spans).toEqual([]);
    pending.add(span('b', 1));
    expect(ids(pending.cut(false))).toEqual(['a1', 'a2']);
    expect(pending.size).toBe(1);
  });

  it('hands out every span at the end, open or not', () => {
    const pending = holding(100, span('a', 1), span('b', 1));
    expect(ids(pending.cut(true))).toEqual(['a1', 'b1']);
    expect(pending.size).toBe(0);
  });

  it('names the traces of a cut that an earlier cut wrote part of (the store rebuilds their items)', () => {
    const pending = holding(1, span('a', 1, true), span('b', 1));
    expect(pending.cut(false).continued).toEqual(new Set());
    pending.add(span('a', 2));
    pending.add(span('c', 1, true));
    const second = pending.cut(true);
    expect(ids(second)).toEqual(['b1', 'a2', 'c1']);
    // b was held back (not written) before; a was written with its root: only a continues.
    expect(second.continued).toEqual(new Set(['a'.repeat(32)]));
  });
});

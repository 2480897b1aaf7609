// Linear-time trace walks: a 100,000-deep chain and a 100,000-wide fan build their review item, and the one-pass
// innermost-call search agrees with the per-call walk to the root it replaced on seeded random trees.
import { describe, expect, it } from 'vitest';
import { buildReviewItem } from '../../../../src-main/engine/traces/build-review-item';
import type { LlmCall } from '../../../../src-main/engine/traces/llm-call';
import { depthOf, innermostCalls, MAX_DEPTH } from '../../../../src-main/engine/traces/span-tree';
import type { SpanCore } from '../../../../src-main/engine/traces/span';
import { coreSpan as span, hex, llmCall } from './trace-helpers';

const chat = (n: number, parent: number | null) =>
  span(n, parent, {
    'gen_ai.operation.name': 'chat',
    'gen_ai.request.model': 'qwen3:8b',
    'gen_ai.input.messages': JSON.stringify([{ role: 'user', parts: [{ type: 'text', content: `question ${n}` }] }]),
    'gen_ai.output.messages': JSON.stringify([
      { role: 'assistant', parts: [{ type: 'text', content: `answer ${n}` }], finish_reason: 'stop' },
    ]),
  });

describe('traces of 100,000 spans', () => {
  it('a 100,000-deep parent chain of calls keeps only the innermost call', () => {
    const spans = Array.from({ length: 100_000 }, (_, i) => chat(i, i === 0 ? null : i - 1));
    const item = buildReviewItem('t', spans)!;
    expect(item.llmCalls).toBe(1);
    expect(item.spanId).toBe(hex(99_999));
    expect(item.outputText).toBe('answer 99999');
    expect(item.flags).toEqual([]);
  }, 60_000);

  it('a 100,000-wide fan under one agent keeps every call', () => {
    const agent = span(0, null, { 'gen_ai.operation.name': 'invoke_agent' });
    const spans = [agent, ...Array.from({ length: 100_000 }, (_, i) => chat(i + 1, 0))];
    const item = buildReviewItem('t', spans)!;
    expect(item.llmCalls).toBe(100_000);
    expect(item.agentRunId).toBe(hex(0));
  }, 60_000);

  it('depths are counted once, capped, and a parent cycle counts as the cap', () => {
    const chain = Array.from({ length: 3000 }, (_, i) => span(i, i === 0 ? null : i - 1));
    const cycle = [span(5000, 5001), span(5001, 5000), span(5002, 5001)];
    const byId = new Map([...chain, ...cycle].map((s) => [s.spanId, s]));
    const depth = depthOf(byId);
    expect([0, 1, 999, 1000, 1001, 2999].map((i) => depth(chain[i]!))).toEqual([0, 1, 999, 1000, 1000, 1000]);
    expect(cycle.map(depth)).toEqual([MAX_DEPTH, MAX_DEPTH, MAX_DEPTH]);
    expect(depth(span(9000, 7777))).toBe(0); // parent not imported
  });
});

/** The walk to the root from every call that innermostCalls replaced (calls × depth), kept as the reference. */
function walkFromEveryCall(calls: LlmCall[], byId: ReadonlyMap<string, SpanCore>): LlmCall[] {
  const bySpan = new Map(calls.map((call) => [call.span.spanId, call]));
  const dropped = new Set<string>();
  for (const call of calls) {
    const seen = new Set<string>();
    for (let p = call.span.parentSpanId; p && !seen.has(p); p = byId.get(p)?.parentSpanId ?? null) {
      seen.add(p);
      const outer = bySpan.get(p);
      if (!outer || (outer.model && call.model && outer.model !== call.model)) continue;
      dropped.add(p);
      const inner = bySpan.get(call.span.spanId)!;
      bySpan.set(call.span.spanId, {
        ...inner,
        input: inner.input ?? outer.input,
        output: inner.output ?? outer.output,
        system: inner.system ?? outer.system,
      });
    }
  }
  return [...bySpan.values()].filter((call) => !dropped.has(call.span.spanId));
}

describe('innermostCalls', () => {
  it('agrees with the walk from every call on 500 seeded random trees of mixed models and missing content', () => {
    let seed = 48;
    const rand = (n: number) => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31), seed % n);
    for (let round = 0; round < 500; round++) {
      const size = 2 + rand(30);
      const spans = Array.from({ length: size }, (_, i) => span(i, i === 0 || rand(8) === 0 ? null : rand(i)));
      const depth = depthOf(new Map(spans.map((s) => [s.spanId, s])));
      const message = (n: number, what: string) => [
        { role: 'user' as const, content: `${what} ${n}`, toolCalls: [], toolCallId: null },
      ];
      const calls: LlmCall[] = spans
        .filter(() => rand(3) !== 0)
        .map((s, i) =>
          llmCall(s, {
            model: [null, 'a', 'b'][rand(3)]!,
            input: rand(2) ? message(i, 'in') : undefined,
            output: rand(2) ? message(i, 'out') : undefined,
            system: rand(2) ? `system ${i}` : null,
          }),
        )
        // Deepest first: the order in which exporters send spans (children end first), where the walk is unambiguous.
        .sort((a, b) => depth(b.span) - depth(a.span));
      const byId = new Map(spans.map((s) => [s.spanId, s]));
      expect(innermostCalls(calls, byId)).toEqual(walkFromEveryCall(calls, byId));
    }
  });
});

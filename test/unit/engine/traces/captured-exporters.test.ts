// Real exporter output (test/fixtures/otlp-captured, see its README): every tool result joins its call, ids or not.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildReviewItem } from '../../../../src-main/engine/traces/build-review-item';
import { readOtlpFile } from '../../../../src-main/engine/traces/decode/read-otlp-file';
import type { DecodedSpan } from '../../../../src-main/engine/traces/span';

const DIR = join(import.meta.dirname, '..', '..', '..', 'fixtures', 'otlp-captured');
const QUESTION = 'Is Dune on the shelf, and does card 4471 have overdue loans?';
const ANSWER = 'Dune has 2 copies on the shelf; card 4471 has no overdue loans.';
const CATALOG = '{"title":"Dune","available":2}';
const LOANS = '{"card":"4471","overdue":0}';

async function itemOf(file: string) {
  const spans: DecodedSpan[] = [];
  for await (const batch of readOtlpFile(join(DIR, file))) {
    expect(batch.problems).toEqual([]);
    spans.push(...batch.spans);
  }
  const traceIds = new Set(spans.map((span) => span.traceId));
  expect(traceIds.size).toBe(1);
  return buildReviewItem([...traceIds][0]!, spans)!;
}

describe.each([
  ['traceloop-0.22.jsonl', 'openllmetry', false],
  ['genai-handmade-no-ids.jsonl', 'genai', false],
  ['traceloop-0.27.jsonl', 'genai', true],
  ['traceloop-0.27.pb', 'genai', true],
  ['openinference.jsonl', 'openinference', true],
])('%s', (file, convention, withIds) => {
  it('imports with every tool result attached to its call, in the order asked', async () => {
    const item = await itemOf(file);
    expect(item.convention).toBe(convention);
    expect(item.inputText).toBe(QUESTION);
    expect(item.outputText).toBe(ANSWER);
    expect(item.llmCalls).toBe(2);
    expect(item.toolCalls.map(({ name, arguments: args, result }) => ({ name, args, result }))).toEqual([
      { name: 'search_catalog', args: { title: 'Dune' }, result: CATALOG },
      { name: 'loan_status', args: { card: '4471' }, result: LOANS },
    ]);
    expect(item.toolCalls.every((call) => (call.id !== null) === withIds)).toBe(true);
  });

  it('shows both tool turns in the conversation, between the tool-call turn and the answer', async () => {
    const item = await itemOf(file);
    expect(item.output.map((m) => [m.role, m.role === 'assistant' ? m.toolCalls.length : m.content])).toEqual([
      ['assistant', 2],
      ['tool', CATALOG],
      ['tool', LOANS],
      ['assistant', 0],
    ]);
    expect(item.output.at(-1)!.content).toBe(ANSWER);
  });
});

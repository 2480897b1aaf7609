// Tool calls without ids: each call's results are the tool turns the next call was given, joined in the order asked.
import { describe, expect, it } from 'vitest';
import type { SpanSpec } from '../../../fixtures/otlp-builder';
import { itemOf, s, T0 } from './trace-helpers';

const json = (value: unknown) => JSON.stringify(value);
const at = (ms: number) => T0 + BigInt(ms) * 1_000_000n;
const QUESTION = 'Where are Dune and Emma?';

/** Three calls: two lookups of the same tool, one more lookup, then the answer; ids never recorded. */
type Shape = (step: number, history: OpenAiMessage[], reply: OpenAiMessage) => SpanSpec;
type OpenAiMessage = {
  role: string;
  content: string | null;
  tool_calls?: { function: { name: string; arguments: string } }[];
};

const lookup = (title: string) => ({ function: { name: 'find_book', arguments: json({ title }) } });
const replies: OpenAiMessage[] = [
  { role: 'assistant', content: null, tool_calls: [lookup('Dune'), lookup('Emma')] },
  { role: 'assistant', content: null, tool_calls: [lookup('Persuasion')] },
  { role: 'assistant', content: 'Dune: shelf 3. Emma: shelf 9. Persuasion: out.' },
];
const results = [['"shelf 3"', '"shelf 9"'], ['"out"'], []];

function run(shape: Shape): SpanSpec[] {
  const history: OpenAiMessage[] = [{ role: 'user', content: QUESTION }];
  return replies.map((reply, step) => {
    const span = shape(step, [...history], reply);
    history.push(reply, ...results[step]!.map((content) => ({ role: 'tool', content })));
    return span;
  });
}

const base = (step: number) => ({ from: step * 100, to: step * 100 + 90 });

const SHAPES: Record<string, Shape> = {
  openllmetry: (step, history, reply) =>
    s(step + 1, 'openai.chat', base(step).from, base(step).to, {
      attributes: {
        'llm.request.type': 'chat',
        'gen_ai.system': 'OpenAI',
        'gen_ai.request.model': 'm',
        ...Object.fromEntries(
          history.flatMap((m, i) => [
            [`gen_ai.prompt.${i}.role`, m.role],
            [`gen_ai.prompt.${i}.content`, m.content ?? 'null'],
          ]),
        ),
        'gen_ai.completion.0.role': 'assistant',
        'gen_ai.completion.0.content': reply.content ?? '',
        'gen_ai.completion.0.finish_reason': reply.tool_calls ? 'tool_calls' : 'stop',
        ...Object.fromEntries(
          (reply.tool_calls ?? []).flatMap((call, j) => [
            [`gen_ai.completion.0.tool_calls.${j}.name`, call.function.name],
            [`gen_ai.completion.0.tool_calls.${j}.arguments`, call.function.arguments],
          ]),
        ),
      },
    }),
  genai_events: (step, history, reply) =>
    s(step + 1, 'chat m', base(step).from, base(step).to, {
      attributes: { 'gen_ai.operation.name': 'chat', 'gen_ai.system': 'ollama', 'gen_ai.request.model': 'm' },
      events: [
        ...history.map((m) => ({
          name: `gen_ai.${m.role}.message`,
          timeNs: at(base(step).from),
          attributes: { 'gen_ai.event.content': json(m) },
        })),
        {
          name: 'gen_ai.choice',
          timeNs: at(base(step).to),
          attributes: {
            'gen_ai.event.content': json({
              message: reply,
              finish_reason: reply.tool_calls ? 'tool_calls' : 'stop',
              index: 0,
            }),
          },
        },
      ],
    }),
  genai_legacy: (step, history, reply) =>
    s(step + 1, 'chat m', base(step).from, base(step).to, {
      attributes: { 'gen_ai.system': 'openai', 'gen_ai.request.model': 'm' },
      events: [
        { name: 'gen_ai.content.prompt', timeNs: at(base(step).from), attributes: { 'gen_ai.prompt': json(history) } },
        {
          name: 'gen_ai.content.completion',
          timeNs: at(base(step).to),
          attributes: { 'gen_ai.completion': json([reply]) },
        },
      ],
    }),
};

describe.each(Object.keys(SHAPES))('%s without tool-call ids', (convention) => {
  it('joins each call’s results in order, even when the same tool is asked twice', () => {
    const item = itemOf(run(SHAPES[convention]!))!;
    expect(item.convention).toBe(convention);
    expect(item.toolCalls.map((call) => [call.id, call.arguments, call.result])).toEqual([
      [null, { title: 'Dune' }, '"shelf 3"'],
      [null, { title: 'Emma' }, '"shelf 9"'],
      [null, { title: 'Persuasion' }, '"out"'],
    ]);
    expect(item.output.map((m) => m.role)).toEqual(['assistant', 'tool', 'tool', 'assistant', 'tool', 'assistant']);
    expect(item.outputText).toBe('Dune: shelf 3. Emma: shelf 9. Persuasion: out.');
  });

  it('leaves a result missing (null) when the next call was not given it, never shifting a later one in', () => {
    const spans = run(SHAPES[convention]!);
    // Drop the last tool turn from the third call's input: Persuasion's result is unknown.
    results[1] = [];
    const without = run(SHAPES[convention]!);
    results[1] = ['"out"'];
    const item = itemOf([spans[0]!, spans[1]!, without[2]!])!;
    expect(item.toolCalls.map((call) => call.result)).toEqual(['"shelf 3"', '"shelf 9"', null]);
  });
});

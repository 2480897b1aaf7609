// Tool calls at scale: one reply asking for 100,000 tools is joined and laid out in steps in linear time (the
// find-and-splice join was quadratic: minutes at this size), and the indexed join agrees with it on seeded traces.
import { describe, expect, it } from 'vitest';
import type { TraceToolCall } from '../../../../src-shared/model/trace';
import { buildReviewItem } from '../../../../src-main/engine/traces/build-review-item';
import type { ToolExecution } from '../../../../src-main/engine/traces/context-spans';
import { joinToolCalls } from '../../../../src-main/engine/traces/join-tool-calls';
import type { LlmCall } from '../../../../src-main/engine/traces/llm-call';
import { coreSpan as span, llmCall } from './trace-helpers';

describe('a reply that asks for 100,000 tools', () => {
  it('joins every request to its tool span and lists each result after the reply, in order', () => {
    const n = 100_000;
    // Requests in reverse order of the tool spans, so a scan from the front would walk past every span already taken.
    const parts = Array.from({ length: n }, (_, i) => ({
      type: 'tool_call',
      id: `call_${n - 1 - i}`,
      name: 'lookup',
      arguments: { i: n - 1 - i },
    }));
    const chat = span(1, 0, {
      'gen_ai.operation.name': 'chat',
      'gen_ai.request.model': 'qwen3:8b',
      'gen_ai.input.messages': JSON.stringify([{ role: 'user', parts: [{ type: 'text', content: 'look up all' }] }]),
      'gen_ai.output.messages': JSON.stringify([{ role: 'assistant', parts, finish_reason: 'tool_call' }]),
    });
    const tools = Array.from({ length: n }, (_, i) =>
      span(i + 2, 0, {
        'gen_ai.operation.name': 'execute_tool',
        'gen_ai.tool.name': 'lookup',
        'gen_ai.tool.call.id': `call_${i}`,
        'gen_ai.tool.call.result': `result ${i}`,
      }),
    );
    const agent = span(0, null, { 'gen_ai.operation.name': 'invoke_agent' });
    const item = buildReviewItem('t', [agent, chat, ...tools])!;
    expect(item.toolCalls).toHaveLength(n);
    expect(item.toolCalls.every((t) => t.result === `result ${t.id!.slice(5)}`)).toBe(true);
    expect(item.toolCalls[0]).toMatchObject({ id: `call_${n - 1}`, result: `result ${n - 1}` });
    expect(item.output).toHaveLength(n + 1);
    expect(item.output[0]!.role).toBe('assistant');
    expect(item.output.slice(1).every((m, i) => m.role === 'tool' && m.content === `result ${n - 1 - i}`)).toBe(true);
  }, 60_000);
});

/** The join as it was before the index: a scan over the tool spans for every request (kept as the reference). */
function scanningJoin(calls: readonly LlmCall[], tools: readonly ToolExecution[]): TraceToolCall[] {
  const used = new Set<ToolExecution>();
  const take = (match: (tool: ToolExecution) => boolean) => {
    const found = tools.find((tool) => !used.has(tool) && match(tool));
    if (found) used.add(found);
    return found;
  };
  const joined: TraceToolCall[] = [];
  for (const call of calls)
    for (const request of call.output?.[0]?.toolCalls ?? []) {
      const execution =
        (request.id ? take((tool) => tool.id === request.id) : undefined) ??
        take((tool) => tool.name === request.name && (!tool.id || !request.id));
      joined.push({
        id: request.id ?? execution?.id ?? null,
        name: request.name || execution?.name || '',
        arguments: request.arguments ?? execution?.arguments ?? {},
        result: execution?.result ?? null,
        error: execution?.error ?? false,
      });
    }
  for (const tool of tools)
    if (!used.has(tool))
      joined.push({ id: tool.id, name: tool.name, arguments: tool.arguments, result: tool.result, error: tool.error });
  return joined;
}

describe('joinToolCalls', () => {
  it('agrees with the scanning join on 500 seeded traces of repeated names, shared and missing ids', () => {
    let seed = 48;
    const rand = (n: number) => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31), seed % n);
    const id = () => [null, 'c1', 'c2', 'c3', `c${rand(1000)}`][rand(5)]!;
    const name = () => ['search', 'lookup', 'fetch'][rand(3)]!;
    for (let round = 0; round < 500; round++) {
      const calls: LlmCall[] = Array.from({ length: 1 + rand(4) }, (_, c) =>
        // No input: results then come only from tool spans, which is what the scanning join reproduces.
        llmCall(span(c + 1, 0), {
          model: 'm',
          output: [
            {
              role: 'assistant',
              content: '',
              toolCalls: Array.from({ length: rand(5) }, () => ({ id: id(), name: name(), arguments: {} })),
              toolCallId: null,
            },
          ],
        }),
      );
      const tools: ToolExecution[] = Array.from({ length: rand(8) }, (_, t) => ({
        id: id(),
        name: name(),
        arguments: {},
        result: `result ${t}`,
        error: false,
        startNs: '0',
      }));
      // The scanning join above leaves out the de-duplication of repeated ids: keep ids unique per trace's requests.
      const seen = new Set<string>();
      for (const call of calls)
        for (const request of call.output![0]!.toolCalls)
          if (request.id !== null && seen.has(request.id)) request.id = null;
          else if (request.id !== null) seen.add(request.id);
      expect(joinToolCalls(calls, tools)).toEqual(scanningJoin(calls, tools));
    }
  });
});

// The agent loop against an in-memory model and tool server: step counting, record order, abort.
import { describe, expect, it } from 'vitest';
import { runAgent } from '../../../../src-main/engine/agent/run-agent';
import { toolCallRecord, TOOL_RESULT_MAX_CHARS } from '../../../../src-main/engine/agent/tool-call-record';
import type { ToolServers } from '../../../../src-main/engine/agent/tool-servers';
import type {
  ChatRequest,
  ChatResponse,
  Provider,
  ProviderToolCall,
} from '../../../../src-main/engine/providers/provider';

const reply = (text: string, toolCalls: ProviderToolCall[] = []): ChatResponse => ({
  text,
  toolCalls,
  model: 'm',
  finishReason: toolCalls.length ? 'tool_calls' : 'stop',
  rawFinishReason: null,
  usage: { inputTokens: 1, outputTokens: 1 },
  latencyMs: 1,
  sent: {},
});

function scriptedProvider(answers: ChatResponse[], seen: ChatRequest[] = []): Provider {
  return {
    name: 'mem',
    kind: 'memory',
    listModels: async () => ['m'],
    chat: async (request) => {
      seen.push(structuredClone(request) as ChatRequest);
      const next = answers.shift();
      if (!next) throw new Error('no more answers');
      return next;
    },
  };
}

function echoTools(calls: string[] = []): ToolServers {
  return {
    tools: () => [{ name: 'echo', description: 'Echo', parameters: { type: 'object' } }],
    serverOf: (name) => (name === 'echo' ? { server: 'mem', tool: 'echo' } : undefined),
    call: async (_server, tool, args) => {
      calls.push(tool);
      return { text: JSON.stringify(args), isError: false };
    },
    close: async () => undefined,
  };
}

const base = { model: 'm', systemPrompt: '', messages: [{ role: 'user' as const, content: 'go' }], maxSteps: 5 };

describe('runAgent', () => {
  it('answers in one step when the model calls no tool, with an empty record', async () => {
    const outcome = await runAgent({ ...base, provider: scriptedProvider([reply('done')]), servers: echoTools() });
    expect(outcome).toMatchObject({ toolCalls: [], stepsExhausted: false });
    expect(outcome.response.text).toBe('done');
  });

  it('runs several tool calls of one step in order, numbering them across steps', async () => {
    const seen: ChatRequest[] = [];
    const provider = scriptedProvider(
      [
        reply('', [
          { id: 'a', name: 'echo', arguments: { n: 1 } },
          { id: 'b', name: 'echo', arguments: { n: 2 } },
        ]),
        reply('', [{ id: 'c', name: 'echo', arguments: { n: 3 } }]),
        reply('three calls'),
      ],
      seen,
    );
    const outcome = await runAgent({ ...base, systemPrompt: 'sys', provider, servers: echoTools() });
    expect(outcome.toolCalls.map((call) => [call.seq, call.args.n, call.result])).toEqual([
      [0, 1, '{"n":1}'],
      [1, 2, '{"n":2}'],
      [2, 3, '{"n":3}'],
    ]);
    expect(seen[0]?.messages[0]).toEqual({ role: 'system', content: 'sys' });
    expect(seen[1]?.messages.slice(-2)).toEqual([
      { role: 'tool', content: '{"n":1}', toolCallId: 'a', name: 'echo' },
      { role: 'tool', content: '{"n":2}', toolCallId: 'b', name: 'echo' },
    ]);
  });

  it('stops calling tools once the run is aborted', async () => {
    const controller = new AbortController();
    const calls: string[] = [];
    const servers = echoTools(calls);
    const provider = scriptedProvider([reply('', [{ id: 'a', name: 'echo', arguments: {} }])]);
    const aborting: Provider = {
      ...provider,
      chat: async (request, signal) => {
        const answer = await provider.chat(request, signal);
        controller.abort(new Error('cancelled'));
        return answer;
      },
    };
    await expect(runAgent({ ...base, provider: aborting, servers, signal: controller.signal })).rejects.toThrow(
      'cancelled',
    );
    expect(calls).toEqual([]);
  });
});

describe('toolCallRecord', () => {
  it('redacts secret-named arguments at any depth and cuts results to 2,000 characters with a mark giving the original length', () => {
    const record = toolCallRecord(4, {
      name: 't',
      server: 's',
      args: { Api_Key: 'k', nested: { refresh_token: 'r', ok: 1 } },
      result: 'é'.repeat(2100),
      error: false,
    });
    expect(record.args).toEqual({ Api_Key: '(redacted)', nested: { refresh_token: '(redacted)', ok: 1 } });
    expect(record.result).toBe(`${'é'.repeat(TOOL_RESULT_MAX_CHARS)}\n[cut for size: 2,000 of 2,100 characters kept]`);
    const whole = toolCallRecord(5, { name: 't', server: null, args: {}, result: 'é'.repeat(2000), error: false });
    expect(whole.result).toBe('é'.repeat(2000));
    // The cut is a field too, so the store, --json and the UI need not parse the mark.
    expect(record.resultCut).toEqual({ keptChars: TOOL_RESULT_MAX_CHARS, originalChars: 2100 });
    expect(whole.resultCut).toBeNull();
    expect(record.seq).toBe(4);
  });
});

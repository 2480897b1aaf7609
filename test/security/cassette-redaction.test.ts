// Attack: `ai-eval run --record` kept secret-named tool arguments in clear in the cassette (docs/security.md).
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openCassetteWriter, readCassette, withRecording } from '../../src-main/engine/providers/cassette';
import type { ChatRequest, ChatResponse, Provider } from '../../src-main/engine/providers/provider';
import { ReplayProvider } from '../../src-main/engine/providers/replay.provider';

const SECRETS = ['hunter2-pw', 'sk-live-77aa', 'ghp_tok_91'];

const answer: ChatResponse = {
  text: '',
  toolCalls: [
    { id: 'c2', name: 'login', arguments: { user: 'ann', password: SECRETS[0], options: { api_key: SECRETS[1] } } },
  ],
  model: 'm',
  finishReason: 'tool_calls',
  rawFinishReason: 'tool_calls',
  usage: { inputTokens: 10, outputTokens: 5 },
  latencyMs: 3,
  sent: {},
};

const request: ChatRequest = {
  model: 'm',
  messages: [
    { role: 'user', content: 'log me in' },
    {
      role: 'assistant',
      content: '',
      toolCalls: [
        { id: 'c1', name: 'fetch', arguments: { url: 'https://x', headers: [{ authorization: SECRETS[2] }] } },
      ],
    },
    { role: 'tool', content: 'ok', toolCallId: 'c1', name: 'fetch' },
  ],
};

describe('cassettes redact secret-named tool arguments, with the same list as the store', () => {
  it('records no secret, keeps the other arguments, and still replays the live request', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'aieval-sec-cassette-')), 'run.jsonl');
    const writer = openCassetteWriter(file);
    const live: Provider = { name: 'p', kind: 'openai', listModels: async () => [], chat: async () => answer };
    await withRecording(live, writer).chat(request);
    writer.close();

    const text = readFileSync(file, 'utf8');
    for (const secret of SECRETS) expect(text).not.toContain(secret);
    const [entry] = readCassette(file);
    expect(entry!.response.toolCalls[0]!.arguments).toEqual({
      user: 'ann',
      password: '(redacted)',
      options: { api_key: '(redacted)' },
    });
    expect(text).toContain('"url":"https://x"');

    const replayed = await new ReplayProvider('p', file).chat(request);
    expect(replayed.toolCalls[0]!.arguments.user).toBe('ann');
  });
});

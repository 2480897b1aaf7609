// External agents: POST {messages}, read {response, tool_calls}; errors behave like a provider's.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callExternalAgent } from '../../../src-main/engine/agent/external-agent';
import { ProviderError } from '../../../src-main/engine/providers/provider';

type Handler = (body: unknown, res: ServerResponse) => void;
let handler: Handler = (_body, res) => res.end('{}');
const received: unknown[] = [];
let endpoint = '';
const server = createServer((req: IncomingMessage, res: ServerResponse) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const body: unknown = JSON.parse(Buffer.concat(chunks).toString());
    received.push(body);
    handler(body, res);
  });
});
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/agent`;
});
afterAll(
  () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
);

const json =
  (status: number, value: unknown, headers: Record<string, string> = {}): Handler =>
  (_body, res) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(value));
  };
const messages = [{ role: 'user' as const, content: 'Renew Dune, card 4471.' }];

describe('callExternalAgent', () => {
  it('posts the messages and reads the response and a redacted, truncated tool-call record', async () => {
    handler = json(200, {
      response: 'Renewed.',
      tool_calls: [
        { name: 'find_loan', server: 'catalog', args: { card: '4471', password: 'hunter2' }, result: { loans: 1 } },
        { name: 'renew_loan', args: { card: '4471' }, result: 'x'.repeat(2500), error: false },
      ],
    });
    const answer = await callExternalAgent(endpoint, messages);
    expect(received.at(-1)).toEqual({ messages });
    expect(answer.response).toBe('Renewed.');
    expect(answer.toolCalls).toEqual([
      {
        seq: 0,
        name: 'find_loan',
        server: 'catalog',
        args: { card: '4471', password: '(redacted)' },
        result: '{"loans":1}',
        error: false,
        resultCut: null,
      },
      {
        seq: 1,
        name: 'renew_loan',
        server: null,
        args: { card: '4471' },
        result: `${'x'.repeat(2000)}\n[cut for size: 2,000 of 2,500 characters kept]`,
        error: false,
        resultCut: { keptChars: 2000, originalChars: 2500 },
      },
    ]);
  });

  it('tells "no record" (no tool_calls key) from "called nothing" (an empty list)', async () => {
    handler = json(200, { response: 'Hello' });
    expect((await callExternalAgent(endpoint, messages)).toolCalls).toBeUndefined();
    handler = json(200, { response: 'Hello', tool_calls: [] });
    expect((await callExternalAgent(endpoint, messages)).toolCalls).toEqual([]);
  });

  it('fails like a provider: 503 with Retry-After is retryable, 400 is not, a wrong shape is malformed', async () => {
    handler = json(503, { error: 'warming up' }, { 'retry-after': '3' });
    const busy = await callExternalAgent(endpoint, messages).catch((error: unknown) => error);
    expect(busy).toBeInstanceOf(ProviderError);
    expect((busy as ProviderError).details).toMatchObject({ status: 503, retryable: true, retryAfterMs: 3000 });
    expect((busy as ProviderError).message).toContain(`external agent ${endpoint}: HTTP 503: warming up`);
    handler = json(400, { error: 'bad input' });
    expect(
      ((await callExternalAgent(endpoint, messages).catch((error: unknown) => error)) as ProviderError).details
        .retryable,
    ).toBe(false);
    handler = json(200, { answer: 'wrong key' });
    await expect(callExternalAgent(endpoint, messages)).rejects.toThrow(
      /malformed response body: expected \{response: string/,
    );
  });

  it('times out a silent agent', async () => {
    handler = () => undefined;
    await expect(callExternalAgent(endpoint, messages, undefined, { timeoutMs: 100 })).rejects.toThrow(
      'no answer within 100 ms',
    );
  });
});

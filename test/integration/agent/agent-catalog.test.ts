// Agent mode end to end: the example's catalog-server.js over stdio, driven by a scripted model on the fake server.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runAgent } from '../../../src-main/engine/agent/run-agent';
import {
  openToolServers,
  UntrustedWorkspaceError,
  type ToolServers,
} from '../../../src-main/engine/agent/tool-servers';
import { KnobMemory } from '../../../src-main/engine/providers/capabilities';
import { createProvider } from '../../../src-main/engine/providers/create-provider';
import type { Provider } from '../../../src-main/engine/providers/provider';
import { type FakeRequest, type FakeScript } from '../../fixtures/fake-provider-server';
import { fakeProviderSuite } from '../../support/fake-provider-suite';

const EXAMPLE = fileURLToPath(new URL('../../../resources/example', import.meta.url));
const CATALOG = { name: 'catalog', command: 'node', args: ['tools/catalog-server.js'] };
const RENEW_DUNE = [
  { role: 'user' as const, content: 'I want to renew a book.' },
  { role: 'assistant' as const, content: 'Sure, which book, and what is your card number?' },
  { role: 'user' as const, content: 'Dune, card 4471.' },
];

const suite = fakeProviderSuite();
let model: Provider;
let servers: ToolServers | undefined;
beforeEach(() => {
  suite.server.requests.length = 0;
  model = createProvider(
    'local',
    { kind: 'openai', base_url: suite.server.openaiUrl },
    { workspaceDir: EXAMPLE, env: {}, timeoutMs: 10_000, knobs: new KnobMemory() },
  );
});
afterEach(async () => {
  await servers?.close();
  servers = undefined;
});

const toolTurns = (request: FakeRequest) => request.messages.filter((message) => message.role === 'tool');

/** A help-desk model: looks the loan up, renews it, then reports the new due date from the tool result. */
const renewingModel: FakeScript = (request) => {
  const results = toolTurns(request);
  if (results.length === 0)
    return { toolCalls: [{ name: 'find_loan', arguments: { card: '4471', api_token: 'sk-live-123' } }] };
  if (results.length === 1)
    return { text: 'Renewing now.', toolCalls: [{ name: 'renew_loan', arguments: { card: '4471', title: 'Dune' } }] };
  const renewed = JSON.parse(results[1]?.content ?? '{}') as { due_date?: string };
  return { text: `The loan of Dune was renewed; it is now due on ${renewed.due_date}.` };
};

const agent = (maxSteps = 8) =>
  runAgent({
    provider: model,
    model: 'gpt-4o-mini',
    systemPrompt: 'You are the help desk agent.',
    messages: RENEW_DUNE,
    servers: servers as ToolServers,
    maxSteps,
    generation: { temperature: 0 },
  });

describe('agent mode over the catalogue MCP server', () => {
  it('finds the loan, renews it, answers from the result, and keeps the tool-call record', async () => {
    servers = await openToolServers([CATALOG], { trusted: true, workspaceDir: EXAMPLE });
    expect(servers.tools().map((tool) => tool.name)).toEqual([
      'search_catalog',
      'find_loan',
      'get_loan',
      'renew_loan',
      'delete_account',
    ]);
    suite.server.script = renewingModel;

    const outcome = await agent();

    expect(outcome.response.text).toBe('The loan of Dune was renewed; it is now due on 2026-12-22.');
    expect(outcome.stepsExhausted).toBe(false);
    expect(outcome.responses).toHaveLength(3);
    expect(outcome.toolCalls).toEqual([
      {
        seq: 0,
        name: 'find_loan',
        server: 'catalog',
        args: { card: '4471', api_token: '(redacted)' },
        result: expect.stringContaining('"due_date":"2026-12-01"'),
        error: false,
        resultCut: null,
      },
      {
        seq: 1,
        name: 'renew_loan',
        server: 'catalog',
        args: { card: '4471', title: 'Dune' },
        result: expect.stringContaining('"due_date":"2026-12-22"'),
        error: false,
        resultCut: null,
      },
    ]);
    // The model saw the system prompt, the conversation, the offered tools, and each result.
    expect(suite.server.requests[0]?.messages.map((message) => message.role)).toEqual([
      'system',
      'user',
      'assistant',
      'user',
    ]);
    expect(suite.server.requests[0]?.tools).toContain('renew_loan');
    expect(suite.server.requests[2]?.messages.map((message) => message.role)).toEqual([
      'system',
      'user',
      'assistant',
      'user',
      'assistant',
      'tool',
      'assistant',
      'tool',
    ]);
    // The state the renewal left behind is what state_check reads.
    const loan = await servers.call('catalog', 'get_loan', { card: '4471', title: 'Dune' });
    expect(JSON.parse(loan.text)).toMatchObject({ renewals: 1, due_date: '2026-12-22' });
  });

  it('starts every server process from the same seed state', async () => {
    servers = await openToolServers([CATALOG], { trusted: true, workspaceDir: EXAMPLE });
    await servers.call('catalog', 'renew_loan', { card: '4471', title: 'Dune' });
    await servers.close();
    servers = await openToolServers([CATALOG], { trusted: true, workspaceDir: EXAMPLE });
    expect(JSON.parse((await servers.call('catalog', 'get_loan', { card: '4471', title: 'Dune' })).text)).toMatchObject(
      { renewals: 0, due_date: '2026-12-01' },
    );
  });

  it('records refusals of the catalogue as errors and reports them to the model', async () => {
    servers = await openToolServers([CATALOG], { trusted: true, workspaceDir: EXAMPLE });
    suite.server.script = (request) =>
      toolTurns(request).length === 0
        ? {
            toolCalls: [
              { name: 'renew_loan', arguments: { card: '5120', title: 'Piranesi' } },
              { name: 'delete_account', arguments: { card: '4471' } },
            ],
          }
        : { text: 'Piranesi was already renewed twice.' };
    const outcome = await agent();
    expect(outcome.toolCalls.map((call) => [call.name, call.error])).toEqual([
      ['renew_loan', true],
      ['delete_account', true],
    ]);
    expect(outcome.toolCalls[0]?.result).toContain('already renewed 2 times');
    expect(outcome.toolCalls[1]?.result).toContain('in person at the desk');
    expect(toolTurns(suite.server.requests[1] as FakeRequest).map((turn) => turn.content)).toEqual([
      outcome.toolCalls[0]?.result,
      outcome.toolCalls[1]?.result,
    ]);
  });

  it('stops after max_steps without running the tools of the last step', async () => {
    servers = await openToolServers([CATALOG], { trusted: true, workspaceDir: EXAMPLE });
    suite.server.script = renewingModel;
    const outcome = await agent(2);
    expect(outcome.stepsExhausted).toBe(true);
    expect(outcome.responses).toHaveLength(2);
    expect(outcome.toolCalls.map((call) => call.name)).toEqual(['find_loan']);
    expect(outcome.response.toolCalls[0]?.name).toBe('renew_loan');
  });

  it('tells the model about a tool that does not exist, and records it without a server', async () => {
    servers = await openToolServers([CATALOG], { trusted: true, workspaceDir: EXAMPLE });
    suite.server.script = (request) =>
      toolTurns(request).length === 0
        ? { toolCalls: [{ name: 'close_branch', arguments: {} }] }
        : { text: 'I cannot do that.' };
    const outcome = await agent();
    expect(outcome.toolCalls).toEqual([
      {
        seq: 0,
        name: 'close_branch',
        server: null,
        args: {},
        result: expect.stringContaining('unknown tool "close_branch"'),
        error: true,
        resultCut: null,
      },
    ]);
  });

  it('prefixes tool names two servers share with the server name', async () => {
    servers = await openToolServers([CATALOG, { ...CATALOG, name: 'annex' }], { trusted: true, workspaceDir: EXAMPLE });
    const names = servers.tools().map((tool) => tool.name);
    expect(names).toContain('catalog__find_loan');
    expect(names).toContain('annex__find_loan');
    expect(servers.serverOf('annex__renew_loan')).toEqual({ server: 'annex', tool: 'renew_loan' });
    expect(servers.serverOf('find_loan')).toBeUndefined();
  });

  it('refuses to start a command in an untrusted workspace', async () => {
    const opening = openToolServers([CATALOG], { trusted: false, workspaceDir: EXAMPLE });
    await expect(opening).rejects.toBeInstanceOf(UntrustedWorkspaceError);
    await expect(opening).rejects.toThrow(
      /^untrusted workspace: MCP server "catalog" would start a command \(node tools\/catalog-server\.js\); run `ai-eval trust`/,
    );
  });

  it('names the server and shows its stderr when it cannot start', async () => {
    const opening = openToolServers([{ name: 'broken', command: 'node', args: ['tools/no-such-server.js'] }], {
      trusted: true,
      workspaceDir: EXAMPLE,
    });
    await expect(opening).rejects.toThrow(
      /MCP server "broken" \(node tools\/no-such-server\.js\) could not be started or reached: .*Cannot find module/s,
    );
  });

  it('runs from a workspace copied anywhere: the catalogue needs no installed package', async () => {
    const copy = mkdtempSync(join(tmpdir(), 'aieval-ws-'));
    cpSync(join(EXAMPLE, 'tools'), join(copy, 'tools'), { recursive: true });
    const servers = await openToolServers([CATALOG], { trusted: true, workspaceDir: copy });
    try {
      expect(
        servers
          .tools()
          .map((tool) => tool.name)
          .sort(),
      ).toEqual(['delete_account', 'find_loan', 'get_loan', 'renew_loan', 'search_catalog']);
      const loan = await servers.call('catalog', 'get_loan', { card: 4471, title: 'Dune' });
      expect(loan.isError).toBe(false);
      expect(JSON.parse(loan.text)).toMatchObject({ card: '4471', due_date: '2026-12-01', renewals: 0 });
      const missing = await servers.call('catalog', 'get_loan', { card: '4471' });
      expect(missing).toMatchObject({ isError: true, text: 'missing argument(s): title' });
    } finally {
      await servers.close();
      rmSync(copy, { recursive: true, force: true });
    }
  });
});

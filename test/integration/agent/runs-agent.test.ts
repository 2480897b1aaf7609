import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../../src-main/app/create-app';
import type { ResultDetail, RunFinished } from '../../../src-shared/model';
import {
  startFakeProviderServer,
  type FakeProviderServer,
  type FakeRequest,
} from '../../fixtures/fake-provider-server';
import { isJudgePrompt } from '../../fixtures/fake-scripts';
import { createTestApp } from '../../support/app';
import { exampleOn } from '../../support/online-example';

/** A help-desk agent: looks the loan up, renews it, then reports the new due date from the tool result. */
function agentOrJudge(request: FakeRequest) {
  if (isJudgePrompt(request)) {
    const binary = request.messages.some((message) => message.content.includes('is it grounded?'));
    return { text: JSON.stringify({ score: binary ? 1 : 4, reason: 'supported by the tool results' }) };
  }
  const results = request.messages.filter((message) => message.role === 'tool');
  if (results.length === 0) return { toolCalls: [{ name: 'find_loan', arguments: { card: '4471', title: 'Dune' } }] };
  if (results.length === 1) return { toolCalls: [{ name: 'renew_loan', arguments: { card: '4471', title: 'Dune' } }] };
  const renewed = JSON.parse(results[1]?.content ?? '{}') as { due_date?: string };
  return { text: `The loan of Dune was renewed; it is now due on ${renewed.due_date}.` };
}

describe('an agent target run through the service (catalog MCP server over stdio)', () => {
  let server: FakeProviderServer;
  let app: App;
  const ended = new Map<string, (end: RunFinished) => void>();

  beforeAll(async () => {
    server = await startFakeProviderServer({ script: agentOrJudge });
    app = createTestApp(exampleOn(server.url), { trusted: true });
    app.events.subscribe((name, payload) => {
      if (name === 'runs.finished') ended.get((payload as RunFinished).runId)?.(payload as RunFinished);
    });
  });
  afterAll(async () => {
    await app.dispose();
    await server.close();
  });

  const call = async <T>(method: string, input: unknown): Promise<T> => {
    const envelope = await app.dispatch(method, input, { transport: 'in-process' });
    if (!envelope.ok) throw new Error(envelope.error.message);
    return envelope.value as T;
  };

  it('records the tool calls, and state_check reads each question’s own server state, repeat after repeat', async () => {
    const { runId } = await call<{ runId: string }>('runs.start', {
      targetId: 'helpdesk_agent',
      questionIds: ['renew_loan'],
      repeat: 2,
    });
    const end = await new Promise<RunFinished>((resolve) => ended.set(runId, resolve));
    expect(end.status).toBe('complete');
    const page = await call<{ rows: { id: number; status: string }[] }>('results.page', { runId });
    expect(page.rows.map((row) => row.status)).toEqual(['scored', 'scored']);
    for (const row of page.rows) {
      const result = await call<ResultDetail>('results.get', { resultId: row.id });
      expect(result.toolCalls?.map((tool) => `${tool.server}:${tool.name}`)).toEqual([
        'catalog:find_loan',
        'catalog:renew_loan',
      ]);
      const state = result.graders.find((grader) => grader.graderId === 'state_check');
      // Both repeats see renewals = 1: the second repeat did not inherit the first one's renewal.
      expect(state).toMatchObject({ status: 'scored', score: 5 });
      expect(state?.reason).toContain('PASS renewed');
      expect(result.graders.find((grader) => grader.graderId === 'tool_usage_grader')).toMatchObject({
        status: 'scored',
        score: 5,
      });
      expect(result.finishReason).toBe('stop');
    }
  });
});

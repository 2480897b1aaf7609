import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRun } from '../../../src-main/engine/run/start-run';
import { inProcessStore, Store } from '../../../src-main/store/store';
import { startFakeProviderServer, type FakeProviderServer } from '../../fixtures/fake-provider-server';
import { trustedRunDeps } from '../../support/run-deps';
import { makeWorkspace, selection } from '../../unit/engine/run/engine-fixtures';

describe('request_timeout_ms through the real adapter and the limiter', () => {
  let server: FakeProviderServer;
  beforeAll(async () => {
    server = await startFakeProviderServer({ script: () => ({ hang: true }) });
  });
  afterAll(() => server.close());

  it('times out each attempt, retries it, then degrades the question with the reason', async () => {
    const workspace = makeWorkspace({
      questions: 2,
      settings: {
        concurrency: 2,
        request_timeout_ms: 150,
        rate_limit: { max_retries: 1, base_delay_ms: 1, delay_between_calls_ms: 0 },
      },
    });
    const config = workspace.config.providers.p!;
    const patched = {
      ...workspace,
      config: { ...workspace.config, providers: { p: { ...config, base_url: server.url } } },
    };
    const db = inProcessStore(Store.open(':memory:'));
    const deps = trustedRunDeps(db, patched);
    const started = await startRun(
      { targetId: 't1', selection: selection(), source: 'manual' },
      deps,
      new AbortController().signal,
    );
    const end = await started.finished;
    expect(end.verdict).toMatchObject({ passed: false, coverage: 0, counts: { degraded: 2 } });
    const rows = (await db.resultPages.page({ runId: started.runId, offset: 0, limit: 10, sort: 'question' })).rows;
    for (const row of rows)
      expect(row.error).toMatch(/: no answer within 150 ms \(request_timeout_ms\) \(gave up after 2 attempts\)$/);
    expect(server.requests).toHaveLength(4);
  });
});

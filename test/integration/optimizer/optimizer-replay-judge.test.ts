// The example's optimizer after its judge moved off the cassette: the replayed proposer finds no recording, and the
// job's outcome says why (recorded for the replay judge, not the judge now set) and what to do.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../../src-main/app/create-app';
import type { OptimizerFinished, OptimizerJob } from '../../../src-shared/model';
import { startFakeProviderServer, type FakeProviderServer } from '../../fixtures/fake-provider-server';
import { judgeScript } from '../../fixtures/fake-scripts';
import { createTestApp } from '../../support/app';
import { exampleOn } from '../../support/online-example';

describe('the example optimizer with a judge the recordings do not hold', () => {
  let server: FakeProviderServer;
  let app: App;
  const call = async <T>(method: string, input: unknown): Promise<T> => {
    const envelope = await app.dispatch(method, input, { transport: 'in-process' });
    if (!envelope.ok) throw new Error(envelope.error.message);
    return envelope.value as T;
  };

  beforeAll(async () => {
    // The judge now set: `local` (a live model, here the fake server); the proposer stays on the `offline` cassette.
    server = await startFakeProviderServer({ script: judgeScript({ score: 3, reason: 'partly right' }) });
    app = createTestApp(exampleOn(server.url), { trusted: true });
  });

  afterAll(async () => {
    await app.dispose();
    await server.close();
  });

  it('fails the job with the reason and the way out, not a bare "no recording (hash …)"', async () => {
    const finished = new Promise<OptimizerFinished>((resolve) =>
      app.events.subscribe((name, payload) => name === 'optimizer.finished' && resolve(payload as OptimizerFinished)),
    );
    const { jobId } = await call<{ jobId: string }>('optimizer.start', {
      targetId: 'helpdesk_chat_offline',
      propose: true,
    });
    await finished;
    const job = await call<OptimizerJob>('optimizer.job', { jobId });
    expect(job.outcome?.status).toBe('error');
    const reason = job.outcome?.reason ?? '';
    expect(reason).toContain('no recording for this request');
    expect(reason).toContain(
      'the proposer offline/llama3.1:8b answers from the recordings in recordings/helpdesk.jsonl, which hold its answers for the baseline as the replay judge offline/llama3.1:8b scored it, not as the judge now set (local/llama3.1:8b) scores it',
    );
    expect(reason).toContain(
      'set judge back to offline/llama3.1:8b in aieval.yaml (Settings), or point settings.optimizer.proposer at a live connection (local)',
    );
  }, 120_000);
});

// Serves a workspace on the fake provider server and creates optimizer candidates through the backend (HTTP + SSE).
import type { CandidateSummary, OptimizerFinished } from '../../../src-shared/model';
import { startFakeProviderServer, type FakeProviderServer } from '../../fixtures/fake-provider-server';
import { optimizerScript, optimizerWorkspace, PROPOSER_MODEL } from '../../integration/optimizer/optimizer-fixtures';
import { apiHeaders, rpc, serveExample, type Served } from './serve';

// rpc lives in ./serve; scripts/history-screenshots.ts imports it from here.
export { rpc };

export type OptimizerSeed = Readonly<{
  served: Served;
  provider: FakeProviderServer;
  candidates: readonly CandidateSummary[];
  stop(): Promise<void>;
}>;

const SCORE: Readonly<Record<string, number>> = { BASELINE: 2, NOISY: 2.5, GOOD: 4.5 };

/** Follows the server's SSE stream (opened before the job starts, so no end is missed) and waits for a job's end. */
async function jobEnds(served: Served): Promise<{ ended(jobId: string): Promise<OptimizerFinished>; close(): void }> {
  const controller = new AbortController();
  const response = await fetch(`${served.origin}/events`, { headers: apiHeaders(served), signal: controller.signal });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  const seen = new Map<string, OptimizerFinished>();
  let notify = () => undefined as void;
  void (async () => {
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true as const }));
      if (done) return;
      buffer += value;
      const blocks = buffer.split('\n\n');
      buffer = blocks.pop() ?? '';
      for (const block of blocks) {
        const data = block.split('\n').find((line) => line.startsWith('data: '));
        const event = data ? (JSON.parse(data.slice(6)) as { name: string; payload: OptimizerFinished }) : undefined;
        if (event?.name === 'optimizer.finished') seen.set(event.payload.jobId, event.payload);
      }
      notify();
    }
  })();
  return {
    async ended(jobId) {
      while (!seen.has(jobId)) await new Promise<void>((resolve) => (notify = resolve));
      return seen.get(jobId)!;
    },
    close: () => controller.abort(),
  };
}

/**
 * Serves the optimizer test workspace and runs one optimization of helpdesk_chat in which the first candidate is
 * within the noise (rejected) and the second truly better (pending review).
 */
export async function serveWithCandidates(): Promise<OptimizerSeed> {
  // The workspace's models are pulled: Optimize's preflight (the same as ▶ Run's) finds nothing to stop it.
  const provider = await startFakeProviderServer({ models: ['target-model', 'judge-model', PROPOSER_MODEL] });
  provider.script = optimizerScript(
    { base: (marker) => SCORE[marker] ?? 0, runOffsets: [0, 1, -1, 0, 1, -1, 0, 0.3, -0.3], questionsPerRun: 15 },
    [
      'NOISY\nAnswer library questions kindly.',
      'GOOD\nAnswer library questions.\nGive the exact opening hours of the branch asked about.',
    ],
    [],
  );
  const served = await serveExample({ workspaceDir: optimizerWorkspace(provider.url), init: false });
  const stop = async () => {
    await served.stop();
    await provider.close();
  };
  let candidates: CandidateSummary[];
  try {
    const events = await jobEnds(served);
    try {
      const { jobId } = await rpc<{ jobId: string }>(served, 'optimizer.start', { targetId: 'helpdesk_chat' });
      const end = await events.ended(jobId);
      if (end.status !== 'done') throw new Error(`the seeding optimization ended ${end.status}: ${end.error ?? ''}`);
      const job = await rpc<{ outcome: { status: string; reason: string } | null }>(served, 'optimizer.job', { jobId });
      if (job.outcome?.status !== 'accepted')
        throw new Error(`the seeding optimization did not accept a candidate: ${JSON.stringify(job.outcome)}`);
    } finally {
      events.close();
    }
    candidates = await rpc<CandidateSummary[]>(served, 'optimizer.candidates', { targetId: 'helpdesk_chat' });
  } catch (error) {
    // Never leave the server or the fake provider behind when seeding fails.
    await stop();
    throw error;
  }
  return { served, provider, candidates, stop };
}

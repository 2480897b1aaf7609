// One local-GPU run in a fresh process: a fake Ollama that holds one model at a time and takes `--load-ms` to load one,
// a target and a judge on different models, N questions; prints one JSON line {schedule, wallMs, loads, concurrency, ...}.
// Run: node --import tsx bench/local-gpu-run.ts --questions 50 --schedule phased --load-ms 2000
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { dataset as datasetSchema, workspaceConfig } from '../src-shared/model';
import type { ValidWorkspace } from '../src-main/engine/run/plan';
import { inMemoryWorkspace } from './in-memory-workspace';
import { runEveryQuestion } from './run-every-question';
import { inProcessStore, Store, storeFile } from '../src-main/store/store';
import { startFakeProviderServer } from '../test/fixtures/fake-provider-server';
import { isJudgePrompt } from '../test/fixtures/fake-scripts';

const { values } = parseArgs({
  options: {
    questions: { type: 'string', default: '50' },
    schedule: { type: 'string', default: 'phased' },
    'load-ms': { type: 'string', default: '2000' },
  },
});
const questions = Number(values.questions);
/** Time to generate one answer or verdict; the server runs up to PARALLEL of them at once. */
const GENERATION_MS = 150;
const PARALLEL = 4;

const server = await startFakeProviderServer({
  record: false,
  models: ['llama3.1:8b', 'qwen3:8b'],
  ollama: { loadMs: Number(values['load-ms']), modelsThatFit: 1, parallel: PARALLEL },
  script: (request) =>
    isJudgePrompt(request)
      ? { text: '{"score": 4, "reason": "answers the question"}', delayMs: GENERATION_MS }
      : { text: 'Loans last 21 days and renew twice.', delayMs: GENERATION_MS },
});

function workspace(dir: string): ValidWorkspace {
  const config = workspaceConfig.parse({
    providers: { local: { kind: 'ollama', base_url: server.url } },
    judge: { provider: 'local', model: 'qwen3:8b' },
    settings: {
      rate_limit: { max_retries: 0, base_delay_ms: 0, delay_between_calls_ms: 0 },
      ollama: { schedule: values.schedule },
    },
    targets: [
      {
        id: 'helpdesk',
        provider: 'local',
        model: 'llama3.1:8b',
        system_prompt: 'Answer from the library rules.',
        dataset: 'loans',
        graders: ['relevance_grader'],
      },
    ],
  });
  const dataset = datasetSchema.parse({
    id: 'loans',
    questions: Array.from({ length: questions }, (_, i) => ({ id: `q${i}`, input: `How long is loan ${i}?` })),
  });
  return inMemoryWorkspace(dir, config, dataset);
}

const dir = mkdtempSync(join(tmpdir(), 'aieval-bench-gpu-'));
const store = Store.open(storeFile(dir));
try {
  const db = inProcessStore(store);
  const { runId, end, wallMs } = await runEveryQuestion(db, workspace(dir), 'helpdesk');
  const local = (await db.runs.get(runId))?.identity.local;
  process.stdout.write(
    `${JSON.stringify({ schedule: local?.schedule, wallMs: Math.round(wallMs), loads: server.ollama.loads, modelLoads: local?.modelLoads, concurrency: local?.concurrency, status: end.status, coverage: end.verdict?.coverage ?? null, error: end.error })}\n`,
  );
} finally {
  store.close();
  rmSync(dir, { recursive: true, force: true });
  await server.close();
}

// One benchmark run in a fresh process: N generated questions against a fake provider URL, deterministic graders,
// a real SQLite store on disk (or, with --store-url and AIEVAL_STORE_PASSWORD, a fresh schema of a team store); prints one JSON line {questions, wallMs, cpuMs (this process's, over the run), serverCpuMs (the team store's, with --postmaster-pid), questionsPerS, peakRssMb, liveHeapMb, status, coverage}.
// liveHeapMb is the largest heap left after a full GC, sampled during the run: what the run really holds (needs --expose-gc).
// Run: node --expose-gc --import tsx bench/engine-run.ts --url http://127.0.0.1:PORT --questions 5000 --concurrency 32
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { dataset as datasetSchema, workspaceConfig } from '../src-shared/model';
import { limitHeapGrowth } from '../src-main/heap-growth';
import type { ValidWorkspace } from '../src-main/engine/run/plan';
import { inMemoryWorkspace } from './in-memory-workspace';
import { runEveryQuestion } from './run-every-question';
import { inProcessStore, Store, storeFile, type StoreApi } from '../src-main/store/store';
import { PostgresStore } from '../src-main/store/postgres/postgres-store';
import { parseStoreUrl } from '../src-main/store/postgres/store-url';
import { clusterCpuMs } from './team-store-server';

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    questions: { type: 'string', default: '5000' },
    concurrency: { type: 'string', default: '32' },
    'store-url': { type: 'string' },
    /** The team store's postmaster where it runs here: its CPU over the run is reported too (serverCpuMs). */
    'postmaster-pid': { type: 'string' },
  },
});
if (!values.url) throw new Error('--url is required (the fake provider server)');
const questions = Number(values.questions);
const concurrency = Number(values.concurrency);

/** The workspace as the loader would return it, built in memory: the benchmark measures the engine, not YAML parsing. */
function benchWorkspace(dir: string): ValidWorkspace {
  const config = workspaceConfig.parse({
    providers: { fake: { kind: 'ollama', base_url: values.url } },
    settings: { concurrency, rate_limit: { max_retries: 0, base_delay_ms: 0, delay_between_calls_ms: 0 } },
    targets: [
      {
        id: 'bench',
        provider: 'fake',
        model: 'bench-model',
        system_prompt: 'Answer briefly.',
        dataset: 'bench',
        graders: ['format_grader', 'tool_usage_grader'],
      },
    ],
  });
  const dataset = datasetSchema.parse({
    id: 'bench',
    questions: Array.from({ length: questions }, (_, i) => ({
      id: `q${i}`,
      input: `Question number ${i}: when is the main branch open?`,
    })),
  });
  return inMemoryWorkspace(dir, config, dataset);
}

// As in every process that runs evaluations (the CLI, the desktop app's main process).
limitHeapGrowth();
const dir = mkdtempSync(join(tmpdir(), 'aieval-bench-run-'));
/** The store the run writes to, and how to close it (a team store's schema is dropped again). */
async function openStore(): Promise<{ api: StoreApi; close(): Promise<void> }> {
  const url = values['store-url'];
  if (url === undefined) {
    const store = Store.open(storeFile(dir));
    return { api: inProcessStore(store), close: async () => store.close() };
  }
  const schema = `aieval_bench_${process.pid}`;
  const store = await PostgresStore.open({
    url: parseStoreUrl(url),
    password: process.env.AIEVAL_STORE_PASSWORD,
    schema,
  });
  return {
    api: store.api,
    async close() {
      await store.pool.query(`DROP SCHEMA "${schema}" CASCADE`);
      await store.close();
    },
  };
}

const store = await openStore();
try {
  const gc = (globalThis as { gc?: () => void }).gc;
  let liveHeapMb = 0;
  const sampleLiveHeap = () => {
    if (!gc) return;
    gc();
    liveHeapMb = Math.max(liveHeapMb, process.memoryUsage().heapUsed / 1e6);
  };
  const sampler = setInterval(sampleLiveHeap, 5_000);
  const serverCpu = () =>
    values['postmaster-pid'] === undefined ? undefined : clusterCpuMs(Number(values['postmaster-pid']));
  const serverBefore = serverCpu();
  const cpuBefore = process.cpuUsage();
  const { end, wallMs } = await runEveryQuestion(store.api, benchWorkspace(dir), 'bench');
  const cpu = process.cpuUsage(cpuBefore);
  const serverAfter = serverCpu();
  const serverCpuMs = serverBefore === undefined || serverAfter === undefined ? null : serverAfter - serverBefore;
  clearInterval(sampler);
  const peakRssMb = process.resourceUsage().maxRSS / 1024;
  sampleLiveHeap();
  process.stdout.write(
    `${JSON.stringify({ questions, concurrency, wallMs: Math.round(wallMs), cpuMs: Math.round((cpu.user + cpu.system) / 1000), serverCpuMs, questionsPerS: Math.round((questions / wallMs) * 1000), peakRssMb: Math.round(peakRssMb), liveHeapMb: gc ? Math.round(liveHeapMb) : null, status: end.status, coverage: end.verdict?.coverage ?? null, error: end.error })}\n`,
  );
} finally {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
}

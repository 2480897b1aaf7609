// `npm run bench`: the run engine against the loopback fake provider (docs/performance.md), each scenario in a fresh process,
// with the fake server in a process of its own. Prints a table; exits 1 when a target is missed.
// Then the start-up figures of the built CLI as whole processes (cli-startup.ts).
// Options: --quick (smaller N, for a smoke check), --only throughput|latency|memory|cli-memory|local-gpu|history|startup.
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { benchScript, fakeServer } from './bench-processes';
import { writeBenchWorkspace } from './bench-workspace';
import { startupRows } from './cli-startup';

const { values } = parseArgs({ options: { quick: { type: 'boolean', default: false }, only: { type: 'string' } } });
type Outcome = {
  questions: number;
  concurrency: number;
  wallMs: number;
  questionsPerS: number;
  peakRssMb: number;
  liveHeapMb: number | null;
  status: string;
  coverage: number | null;
  error: string | null;
};
type Row = { scenario: string; measured: string; target: string; ok: boolean };

/** Waits for the bench script `script` to exit 0 and parses the JSON it printed last. */
async function lastJsonLine<T>(child: ChildProcess, script: string): Promise<T> {
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number];
  if (code !== 0) throw new Error(`bench/${script} exited ${code}`);
  return JSON.parse(out.trim().split('\n').at(-1) ?? '{}') as T;
}

/** Starts the fake provider server with `latencyMs` per answer, measures against its URL and stops it. */
async function onFakeServer<T>(latencyMs: number, measure: (url: string) => Promise<T>): Promise<T> {
  const server = await fakeServer(latencyMs);
  try {
    return await measure(server.url);
  } finally {
    await server.stop();
  }
}

async function engineRun(url: string, questions: number, concurrency: number, flags: string[] = []): Promise<Outcome> {
  const child = benchScript(
    'engine-run.ts',
    ['--url', url, '--questions', String(questions), '--concurrency', String(concurrency)],
    ['--expose-gc', ...flags],
  );
  const outcome = await lastJsonLine<Outcome>(child, 'engine-run.ts');
  if (outcome.status !== 'complete' || outcome.coverage !== 1)
    throw new Error(`bench run did not complete cleanly: ${JSON.stringify(outcome)}`);
  return outcome;
}

type LocalGpuOutcome = {
  schedule: string;
  wallMs: number;
  loads: number;
  concurrency: { value: number; measured: boolean };
  status: string;
  coverage: number | null;
};

async function localGpuRun(questions: number, schedule: 'phased' | 'interleaved'): Promise<LocalGpuOutcome> {
  const child = benchScript('local-gpu-run.ts', ['--questions', String(questions), '--schedule', schedule]);
  const outcome = await lastJsonLine<LocalGpuOutcome>(child, 'local-gpu-run.ts');
  if (outcome.status !== 'complete' || outcome.coverage !== 1 || outcome.schedule !== schedule)
    throw new Error(`local-GPU run did not complete as asked: ${JSON.stringify(outcome)}`);
  return outcome;
}

const scenarios: Record<string, () => Promise<Row | Row[]>> = {
  throughput: () =>
    onFakeServer(0, async (url) => {
      const n = values.quick ? 2_000 : 20_000;
      const run = await engineRun(url, n, 32);
      return {
        scenario: `zero latency, ${n} questions, concurrency 32`,
        measured: `${run.questionsPerS} questions/s`,
        target: '≥ 1,000 questions/s',
        ok: run.questionsPerS >= 1_000,
      };
    }),
  latency: () =>
    onFakeServer(200, async (url) => {
      const n = values.quick ? 160 : 800;
      const run = await engineRun(url, n, 16);
      const ideal = (n * 200) / 16;
      const ratio = run.wallMs / ideal;
      return {
        scenario: `200 ms latency, ${n} questions, concurrency 16`,
        measured: `${(run.wallMs / 1000).toFixed(2)} s = ${ratio.toFixed(3)} × ideal ${(ideal / 1000).toFixed(1)} s`,
        target: '≤ 1.10 × ideal',
        ok: ratio <= 1.1,
      };
    }),
  memory: () =>
    onFakeServer(0, async (url) => {
      const n = values.quick ? 10_000 : 100_000;
      const run = await engineRun(url, n, 32);
      const measured = `peak RSS ${run.peakRssMb} MB, live heap ≤ ${run.liveHeapMb} MB (${run.questionsPerS} q/s)`;
      return {
        scenario: `engine only, ${n.toLocaleString('en')} questions in memory, zero latency`,
        measured,
        target: '< 300 MB peak RSS',
        ok: run.peakRssMb < 300,
      };
    }),
  // One GPU that holds one model: 2 s per model switch, a judge on another model than the target's.
  async 'local-gpu'() {
    const n = values.quick ? 10 : 50;
    const phased = await localGpuRun(n, 'phased');
    const interleaved = await localGpuRun(n, 'interleaved');
    const ratio = interleaved.wallMs / phased.wallMs;
    const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    return {
      scenario: `local GPU: ${n} questions, 2 s per model switch, one model fits, judge on another model`,
      measured:
        `phased ${s(phased.wallMs)} (${phased.loads} loads, concurrency measured ${phased.concurrency.value}) vs ` +
        `interleaved ${s(interleaved.wallMs)} (${interleaved.loads} loads, ${interleaved.concurrency.value}) = ${ratio.toFixed(1)}×`,
      target: 'phased ≥ 5× faster',
      ok: ratio >= 5,
    };
  },
  // The whole CLI as a user runs it: the 100,000-question YAML dataset loaded from disk, the run, the summary.
  async 'cli-memory'() {
    const server = await fakeServer(0);
    const dir = mkdtempSync(join(tmpdir(), 'aieval-bench-cli-'));
    try {
      const n = values.quick ? 10_000 : 100_000;
      writeBenchWorkspace(dir, server.url, n, 32);
      const report = join(dir, 'report.json');
      const child = benchScript('cli-peak-rss.ts', [
        report,
        'run',
        '--workspace',
        dir,
        '--json',
        join(dir, 'results.json'),
      ]);
      child.stdout!.resume();
      const [code] = (await once(child, 'exit')) as [number];
      const run = JSON.parse(readFileSync(report, 'utf8')) as { wallMs: number; peakRssMb: number; exitCode: number };
      if (code !== 0 || run.exitCode !== 0) throw new Error(`ai-eval run exited ${code} (${run.exitCode})`);
      return {
        scenario: `ai-eval run, ${n.toLocaleString('en')}-question YAML dataset, zero latency`,
        measured: `peak RSS ${run.peakRssMb} MB (${(run.wallMs / 1000).toFixed(1)} s with loading and --json)`,
        target: '< 300 MB peak RSS',
        ok: run.peakRssMb < 300,
      };
    } finally {
      rmSync(dir, { recursive: true, force: true });
      await server.stop();
    }
  },
  async history() {
    const runs = values.quick ? 50 : 200;
    const child = benchScript('history-query.ts', ['--runs', String(runs), '--questions', '2000']);
    const result = await lastJsonLine<{
      queryMedianMs: number;
      queryMaxMs: number;
      firstQueryMs: number;
      analysisMedianMs: number;
    }>(child, 'history-query.ts');
    return {
      scenario: `question history of a target, ${runs} runs × 2,000 questions (store query)`,
      measured: `median ${result.queryMedianMs} ms, max ${result.queryMaxMs} ms (first, folding every run: ${result.firstQueryMs} ms; with the analysis: ${result.analysisMedianMs} ms)`,
      target: '≤ 100 ms',
      ok: result.queryMedianMs <= 100,
    };
  },
  startup: () => startupRows(values.quick),
};

const rows: Row[] = [];
for (const [name, scenario] of Object.entries(scenarios)) {
  if (values.only && values.only !== name) continue;
  process.stderr.write(`bench: ${name}…\n`);
  rows.push(...[await scenario()].flat());
}
const widths = ['scenario', 'measured', 'target'].map((key) =>
  Math.max(key.length, ...rows.map((row) => String(row[key as keyof Row]).length)),
);
const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  ');
console.log(line(['scenario', 'measured', 'target']) + '  result');
for (const row of rows) console.log(`${line([row.scenario, row.measured, row.target])}  ${row.ok ? 'ok' : 'MISSED'}`);
process.exitCode = rows.every((row) => row.ok) ? 0 : 1;

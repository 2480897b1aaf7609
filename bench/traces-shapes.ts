// Trace-shape benchmark for bench/traces-import.ts: one trace of 10,000, 20,000 and 100,000 spans as a deep parent
// chain and as a wide fan under one agent, each imported into a fresh store, with the time, spans/s and memory it took
// (import must stay linear: spans/s about the same at every size).
import { createWriteStream, rmSync } from 'node:fs';
import { join } from 'node:path';
import { importTraceFiles } from '../src-main/engine/traces/import-files';
import { inProcessStore, Store } from '../src-main/store/store';
import { jsonRequest, type SpanSpec } from '../test/fixtures/otlp-builder';

/** Spans in the one trace of each import: the same spans/s at each size is what linear looks like. */
export const SHAPE_SIZES: readonly number[] = [10_000, 20_000, 100_000];
const TRACE_ID = 'a'.repeat(32);
const hex = (n: number) => n.toString(16).padStart(16, '0');
const at = (n: number) => 1_767_225_600_000_000_000n + BigInt(n) * 1_000_000n;

/** A chat call span; `parent` null for the root. */
function chat(n: number, parent: number | null): SpanSpec {
  return {
    traceId: TRACE_ID,
    spanId: hex(n + 1),
    ...(parent === null ? {} : { parentSpanId: hex(parent + 1) }),
    name: 'chat qwen3:8b',
    kind: 3,
    startNs: at(n),
    endNs: at(n) + 500_000n,
    attributes: {
      'gen_ai.operation.name': 'chat',
      'gen_ai.request.model': 'qwen3:8b',
      'gen_ai.input.messages': JSON.stringify([{ role: 'user', parts: [{ type: 'text', content: `question ${n}` }] }]),
      'gen_ai.output.messages': JSON.stringify([
        { role: 'assistant', parts: [{ type: 'text', content: `answer ${n}` }], finish_reason: 'stop' },
      ]),
    },
  };
}

const SHAPES: Readonly<Record<string, (n: number, size: number) => SpanSpec>> = {
  'deep chain': (n) => chat(n, n === 0 ? null : n - 1),
  'wide fan': (n, size) =>
    n === 0
      ? {
          traceId: TRACE_ID,
          spanId: hex(1),
          name: 'invoke_agent',
          startNs: at(0),
          endNs: at(size),
          attributes: { 'gen_ai.operation.name': 'invoke_agent' },
        }
      : chat(n, 0),
};

async function writeShape(file: string, size: number, span: (n: number, size: number) => SpanSpec): Promise<void> {
  const out = createWriteStream(file);
  for (let from = 0; from < size; from += 512) {
    const spans = Array.from({ length: Math.min(512, size - from) }, (_, i) => span(from + i, size));
    if (!out.write(`${JSON.stringify(jsonRequest(spans))}\n`))
      await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  }
  await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
}

/** Imports each shape at each size into its own store under `dir`; returns false if one imported with bad spans. */
export async function benchShapes(dir: string, sizes: readonly number[] = SHAPE_SIZES): Promise<boolean> {
  let ok = true;
  for (const [name, span] of Object.entries(SHAPES))
    for (const size of sizes) ok = (await benchShape(dir, name, size, span)) && ok;
  return ok;
}

async function benchShape(
  dir: string,
  name: string,
  size: number,
  span: (n: number, size: number) => SpanSpec,
): Promise<boolean> {
  const base = join(dir, `${name.replace(' ', '-')}-${size}`);
  const file = `${base}.otlp.jsonl`;
  await writeShape(file, size, span);
  const store = Store.open(`${base}.sqlite`);
  (globalThis as { gc?: () => void }).gc?.();
  const rssBefore = process.memoryUsage().rss;
  let rssPeak = rssBefore;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 50);
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const summary = await importTraceFiles([file], { store: inProcessStore(store).traces, clock: Date.now });
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  clearInterval(sampler);
  rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
  store.close();
  rmSync(file);
  rmSync(`${base}.sqlite`);
  const count = (n: number) => Math.round(n).toLocaleString('en-US');
  // Wall time on a shared machine includes waiting for a core; spans per CPU-second is the machine-independent ratio.
  console.log(
    `${name}: one trace of ${count(summary.spans)} spans (${summary.reviewItems} review item) imported in ${seconds.toFixed(1)} s, ${count(summary.spans / seconds)} spans/s, ${count(summary.spans / ((cpu.user + cpu.system) / 1e6))} spans per CPU-second; RSS ${(rssBefore / 2 ** 20).toFixed(0)} MB before, ${(rssPeak / 2 ** 20).toFixed(0)} MB at most during`,
  );
  return summary.bad === 0 && summary.spans === size;
}

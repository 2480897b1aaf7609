// Trace-shape benchmark for bench/traces-import.ts: one trace of 100,000 spans as a deep parent chain and as a wide
// fan under one agent, each imported into a fresh store, with the time and memory it took (import must stay linear).
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { importTraceFiles } from '../src-main/engine/traces/import-files';
import { inProcessStore, Store } from '../src-main/store/store';
import { jsonRequest, type SpanSpec } from '../test/fixtures/otlp-builder';

const SHAPE_SPANS = 100_000;
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

const SHAPES: Readonly<Record<string, (n: number) => SpanSpec>> = {
  'deep chain': (n) => chat(n, n === 0 ? null : n - 1),
  'wide fan': (n) =>
    n === 0
      ? {
          traceId: TRACE_ID,
          spanId: hex(1),
          name: 'invoke_agent',
          startNs: at(0),
          endNs: at(SHAPE_SPANS),
          attributes: { 'gen_ai.operation.name': 'invoke_agent' },
        }
      : chat(n, 0),
};

async function writeShape(file: string, span: (n: number) => SpanSpec): Promise<void> {
  const out = createWriteStream(file);
  for (let from = 0; from < SHAPE_SPANS; from += 512) {
    const spans = Array.from({ length: Math.min(512, SHAPE_SPANS - from) }, (_, i) => span(from + i));
    if (!out.write(`${JSON.stringify(jsonRequest(spans))}\n`))
      await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  }
  await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
}

/** Imports each shape into its own store under `dir`; returns false if one imported with bad spans. */
export async function benchShapes(dir: string): Promise<boolean> {
  let ok = true;
  for (const [name, span] of Object.entries(SHAPES)) {
    const file = join(dir, `${name.replace(' ', '-')}.otlp.jsonl`);
    await writeShape(file, span);
    const store = Store.open(join(dir, `${name.replace(' ', '-')}.sqlite`));
    (globalThis as { gc?: () => void }).gc?.();
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 50);
    const started = performance.now();
    const summary = await importTraceFiles([file], { store: inProcessStore(store).traces, clock: Date.now });
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
    store.close();
    ok &&= summary.bad === 0 && summary.spans === SHAPE_SPANS;
    console.log(
      `${name}: one trace of ${summary.spans.toLocaleString('en-US')} spans (${summary.reviewItems} review item) imported in ${seconds.toFixed(1)} s; RSS ${(rssBefore / 2 ** 20).toFixed(0)} MB before, ${(rssPeak / 2 ** 20).toFixed(0)} MB at most during`,
    );
  }
  return ok;
}

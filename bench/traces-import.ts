// Trace import benchmark (docs/performance.md: ≥ 20,000 spans/s, flat memory on a 1 GB file). Generates OTLP/JSON lines into a
// temp dir (never committed) as a busy service exports them, imports them into a fresh store, and reports spans/s and
// RSS over the import.
// Then one trace of 10,000, 20,000 and 100,000 spans as a deep chain and as a wide fan (bench/traces-shapes.ts).
// Run: node --expose-gc --import tsx bench/traces-import.ts [--mb 1024] [--keep] [--shapes-only] [--shape-spans 10000,20000]
import { createHash } from 'node:crypto';
import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { importTraceFiles } from '../src-main/engine/traces/import-files';
import { limitHeapGrowth } from '../src-main/heap-growth';
import { inProcessStore, Store } from '../src-main/store/store';
import { jsonRequest, type SpanSpec } from '../test/fixtures/otlp-builder';
import { benchShapes, SHAPE_SIZES } from './traces-shapes';

const TARGET_SPANS_PER_S = 20_000;
const { values } = parseArgs({
  options: {
    mb: { type: 'string', default: '1024' },
    keep: { type: 'boolean', default: false },
    'shapes-only': { type: 'boolean', default: false },
    'shape-spans': { type: 'string' },
  },
});
const targetBytes = Number(values.mb) * 1024 * 1024;
const shapeSizes = values['shape-spans']?.split(',').map(Number) ?? SHAPE_SIZES;
const dir = mkdtempSync(join(tmpdir(), 'aieval-bench-traces-'));
const file = join(dir, 'traces.otlp.jsonl');

/** Random-looking ids, as exporters make them (sequential ones would flatter the store's indexes), reproducible per n. */
const randomHex = (seed: string, width: number) => createHash('sha256').update(seed).digest('hex').slice(0, width);
const QUESTIONS = [
  'When is the main branch open on Sundays?',
  'How much is the late fee per day?',
  'Renew Dune for card 4471.',
  'Is Piranesi available?',
];
const ANSWER =
  'The main branch is open on Sundays from 12:00 to 17:00. Loans last 21 days and can be renewed twice online. '.repeat(
    3,
  );

/** An agent run as a GenAI exporter writes it: invoke_agent, a tool-calling chat, execute_tool, the answering chat. */
function agentRun(n: number): SpanSpec[] {
  const traceId = randomHex(`trace ${n}`, 32);
  const id = (i: number) => randomHex(`span ${n} ${i}`, 16);
  const start = runStart(n);
  const at = (ms: number) => start + BigInt(ms) * 1_000_000n;
  const question = QUESTIONS[n % QUESTIONS.length]!;
  const input = JSON.stringify([{ role: 'user', parts: [{ type: 'text', content: question }] }]);
  const chat = (i: number, from: number, output: unknown[]): SpanSpec => ({
    traceId,
    spanId: id(i),
    parentSpanId: id(0),
    name: 'chat qwen3:8b',
    kind: 3,
    startNs: at(from),
    endNs: at(from + 600),
    attributes: {
      'gen_ai.operation.name': 'chat',
      'gen_ai.provider.name': 'ollama',
      'gen_ai.request.model': 'qwen3:8b',
      'gen_ai.conversation.id': `conv-${n % 50_000}`,
      'gen_ai.usage.input_tokens': 120,
      'gen_ai.usage.output_tokens': 60,
      'gen_ai.response.finish_reasons': [i === 1 ? 'tool_calls' : 'stop'],
      'gen_ai.system_instructions': JSON.stringify([
        { type: 'text', content: 'You are the help desk of the Riverside Library.' },
      ]),
      'gen_ai.input.messages': input,
      'gen_ai.output.messages': JSON.stringify(output),
    },
  });
  return [
    chat(1, 5, [
      {
        role: 'assistant',
        parts: [{ type: 'tool_call', id: 'call_1', name: 'search_catalog', arguments: { query: question } }],
        finish_reason: 'tool_call',
      },
    ]),
    {
      traceId,
      spanId: id(2),
      parentSpanId: id(0),
      name: 'execute_tool search_catalog',
      startNs: at(610),
      endNs: at(700),
      attributes: {
        'gen_ai.operation.name': 'execute_tool',
        'gen_ai.tool.name': 'search_catalog',
        'gen_ai.tool.call.id': 'call_1',
        'gen_ai.tool.call.result': '{"available":2}',
      },
    },
    chat(3, 710, [{ role: 'assistant', parts: [{ type: 'text', content: ANSWER }], finish_reason: 'stop' }]),
    {
      traceId,
      spanId: id(0),
      name: 'invoke_agent helpdesk',
      startNs: at(0),
      endNs: at(1400),
      attributes: { 'gen_ai.operation.name': 'invoke_agent', 'gen_ai.provider.name': 'ollama' },
    },
  ];
}

/** A run starts every 10 ms and lasts 1.4 s: about 140 runs at once, so their spans interleave in the file. */
const runStart = (n: number) => 1_767_225_600_000_000_000n + BigInt(n) * 10_000_000n;
/** The earliest a run's first span ends after its start (the tool-calling chat, 605 ms). */
const FIRST_END_NS = 605_000_000n;
/** The BatchSpanProcessor's largest export: one request, one line of the Collector's file exporter. */
const SPANS_PER_REQUEST = 512;
const byEnd = (a: SpanSpec, b: SpanSpec) => (BigInt(a.endNs) < BigInt(b.endNs) ? -1 : 1);

/**
 * Writes the runs' spans as an SDK exports them: each span when it ends (a trace's root last), 512 to a request,
 * so a trace's spans are spread over several lines, as in real exports.
 */
async function generate(): Promise<{ bytes: number; spans: number }> {
  const out = createWriteStream(file);
  let bytes = 0;
  let runs = 0;
  let ended: SpanSpec[] = [];
  const open: SpanSpec[] = [];
  const write = async (spans: SpanSpec[]) => {
    const line = `${JSON.stringify(jsonRequest(spans, { attributes: { 'service.name': 'riverside-helpdesk' } }))}\n`;
    bytes += Buffer.byteLength(line);
    if (!out.write(line)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  };
  while (bytes < targetBytes) {
    for (let i = 0; i < 64; i++) open.push(...agentRun(++runs));
    // Spans ending before the next run's first span can end are final in order.
    const now = runStart(runs + 1) + FIRST_END_NS;
    open.sort(byEnd);
    const cut = open.findIndex((span) => BigInt(span.endNs) >= now);
    ended = ended.concat(open.splice(0, cut === -1 ? open.length : cut));
    while (ended.length >= SPANS_PER_REQUEST) await write(ended.splice(0, SPANS_PER_REQUEST));
  }
  ended = ended.concat(open.sort(byEnd));
  while (ended.length > 0) await write(ended.splice(0, SPANS_PER_REQUEST));
  await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
  return { bytes, spans: runs * 4 };
}

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);

async function main(): Promise<void> {
  // As the CLI and the desktop app do: their processes are where imports run.
  limitHeapGrowth();
  if (values['shapes-only']) {
    if (!(await benchShapes(dir, shapeSizes))) process.exitCode = 1;
    rmSync(dir, { recursive: true, force: true });
    return;
  }
  const generated = await generate();
  console.log(`generated ${mb(generated.bytes)} MB, ${generated.spans.toLocaleString('en-US')} spans in ${file}`);
  const store = Store.open(join(dir, 'store.sqlite'));
  (globalThis as { gc?: () => void }).gc?.();
  const rssAtStart = process.memoryUsage().rss;
  const samples: { percent: number; rss: number }[] = [];
  let nextSample = 0;
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const summary = await importTraceFiles([file], {
    store: inProcessStore(store).traces,
    clock: Date.now,
    progressIntervalMs: 0,
    onProgress: (p) => {
      const percent = Math.floor((100 * p.bytesRead) / p.totalBytes);
      if (percent < nextSample) return;
      samples.push({ percent, rss: process.memoryUsage().rss });
      nextSample = percent + 10;
    },
  });
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  const spansPerSecond = summary.spans / seconds;
  const peakRss = process.resourceUsage().maxRSS * 1024;
  store.close();
  console.log(
    `imported ${summary.spans.toLocaleString('en-US')} spans (${summary.reviewItems.toLocaleString('en-US')} review items) in ${seconds.toFixed(1)} s`,
  );
  console.log(
    `throughput: ${Math.round(spansPerSecond).toLocaleString('en-US')} spans/s (target ≥ ${TARGET_SPANS_PER_S.toLocaleString('en-US')})`,
  );
  // On a shared machine the wall clock includes waiting for a core; spans per CPU-second is the machine-independent ratio.
  console.log(
    `CPU: ${cpuSeconds.toFixed(1)} s, ${Math.round(summary.spans / cpuSeconds).toLocaleString('en-US')} spans per CPU-second; load average ${os.loadavg()[0]!.toFixed(1)}`,
  );
  console.log(
    `RSS at start ${mb(rssAtStart)} MB, peak ${mb(peakRss)} MB; during the import: ${samples.map((s) => `${s.percent}% ${mb(s.rss)} MB`).join(', ')}`,
  );
  console.log(`store on disk: ${mb(statSync(join(dir, 'store.sqlite')).size)} MB`);
  if (!(await benchShapes(dir, shapeSizes))) process.exitCode = 1;
  if (values.keep) console.log(`kept ${dir}`);
  else rmSync(dir, { recursive: true, force: true });
  if (spansPerSecond < TARGET_SPANS_PER_S || summary.bad > 0) process.exitCode = 1;
}

await main();

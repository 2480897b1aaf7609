import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { importTraceFiles } from '../../../src-main/engine/traces/import-files';
import { inProcessStore, Store } from '../../../src-main/store/store';
import { jsonRequest, type SpanSpec } from '../../fixtures/otlp-builder';
import { chatTrace, spanId, T0, traceId } from './traces-fixtures';

const stores: Store[] = [];
afterEach(() => stores.splice(0).forEach((store) => store.close()));

/** Agent run `n`: its chat call, a tool it ran, and the agent's root span, which ends last. */
function agentRun(n: number): SpanSpec[] {
  const start = T0 + BigInt(n) * 1_000_000n;
  const child = { traceId: traceId(n), parentSpanId: spanId(n, 1) };
  return [
    { ...chatTrace(n)[0]!, ...child, spanId: spanId(n, 2), startNs: start, endNs: start + 600_000_000n },
    {
      ...child,
      spanId: spanId(n, 3),
      name: 'execute_tool search_catalog',
      startNs: start + 600_000_000n,
      endNs: start + 700_000_000n,
      attributes: { 'gen_ai.operation.name': 'execute_tool', 'gen_ai.tool.name': 'search_catalog' },
    },
    {
      traceId: traceId(n),
      spanId: spanId(n, 1),
      name: 'invoke_agent helpdesk',
      startNs: start,
      endNs: start + 900_000_000n,
      attributes: { 'gen_ai.operation.name': 'invoke_agent', 'gen_ai.conversation.id': `conv-${n % 4}` },
    },
  ];
}

/** 24 runs at once, exported as an SDK does: each span when it ends, 8 spans to a request (a line). */
function interleavedFile(): string {
  const runs = Array.from({ length: 24 }, (_, i) => agentRun(i + 1));
  const byEnd = [0, 1, 2].flatMap((step) => runs.map((run) => run[step]!));
  const lines: string[] = [];
  for (let i = 0; i < byEnd.length; i += 8) lines.push(JSON.stringify(jsonRequest(byEnd.slice(i, i + 8))));
  const path = join(mkdtempSync(join(tmpdir(), 'aieval-interleaved-')), 'runs.jsonl');
  writeFileSync(path, `${lines.join('\n')}\n`);
  return path;
}

/** Imports into a fresh store; returns every item and how many traces were read back from the store to rebuild. */
async function importFile(path: string, batchSpans: number, worker: boolean) {
  const store = Store.open(join(mkdtempSync(join(tmpdir(), 'aieval-interleaved-store-')), 'store.sqlite'));
  stores.push(store);
  const readBack = vi.spyOn(store.repos.traces, 'traceSpans');
  const summary = await importTraceFiles([path], {
    store: inProcessStore(store).traces,
    clock: Date.now,
    batchSpans,
    workerAboveBytes: worker ? 0 : Infinity,
  });
  const items = store.db.prepare('SELECT * FROM review_items ORDER BY id').all() as { imported_at: number }[];
  return {
    summary,
    items: items.map(({ imported_at: _stamp, ...item }) => item),
    readBack: readBack.mock.calls.length,
  };
}

describe('importing traces whose spans are spread over many requests', () => {
  it('holds open traces back until their root arrives, so each item is built once and none is rebuilt', async () => {
    const path = interleavedFile();
    const whole = await importFile(path, 1_000_000, false);
    expect(whole.summary).toMatchObject({ spans: 72, traces: 24, reviewItems: 24, bad: 0 });
    for (const worker of [false, true]) {
      // A batch is cut every 16 spans read, while every run is still open: without holding back, each would be
      // written in parts, its item built from the first and rebuilt from the store.
      const batched = await importFile(path, 16, worker);
      expect(batched.readBack).toBe(0);
      expect(batched.items).toEqual(whole.items);
    }
  });

  it('writes the oldest open traces when too many are open, and rebuilds those from the store', async () => {
    const path = interleavedFile();
    const whole = await importFile(path, 1_000_000, false);
    // Batches of 2 spans may hold back 16: the 24 open runs do not fit, so the first read are written in parts.
    const batched = await importFile(path, 2, false);
    expect(batched.readBack).toBeGreaterThan(0);
    expect(batched.items).toEqual(whole.items);
  });

  it('reads a trace written over many batches back once per file, not once per batch (linear in its spans)', async () => {
    // One chat chain of 3,000 spans, root first: every batch of 100 after the first continues the stored trace.
    const chain: SpanSpec[] = Array.from({ length: 3000 }, (_, i) => ({
      ...chatTrace(1)[0]!,
      spanId: spanId(1, i + 1),
      ...(i === 0 ? {} : { parentSpanId: spanId(1, i) }),
      startNs: T0 + BigInt(i) * 1_000_000n,
      endNs: T0 + BigInt(i) * 1_000_000n + 500_000n,
    }));
    const lines = [];
    for (let i = 0; i < chain.length; i += 100) lines.push(JSON.stringify(jsonRequest(chain.slice(i, i + 100))));
    const path = join(mkdtempSync(join(tmpdir(), 'aieval-chain-')), 'chain.jsonl');
    writeFileSync(path, `${lines.join('\n')}\n`);
    const whole = await importFile(path, 1_000_000, false);
    for (const worker of [false, true]) {
      const batched = await importFile(path, 100, worker);
      expect(batched.summary).toMatchObject({ spans: 3000, traces: 1, reviewItems: 1, bad: 0 });
      expect(batched.readBack).toBe(1);
      expect(batched.items).toEqual(whole.items);
    }
  });
});

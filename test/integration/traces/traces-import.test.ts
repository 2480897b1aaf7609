import { mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { App } from '../../../src-main/app/create-app';
import type { ImportProgress, ImportSummary, ReviewItem, ReviewItemDetail } from '../../../src-shared/model';
import { encodeProtoRequest, frameDelimited, jsonRequest } from '../../fixtures/otlp-builder';
import { callApp, createTestApp } from '../../support/app';
import { chatTrace, spanId, T0, traceId, writeJsonLines } from './traces-fixtures';

let app: App | undefined;
afterEach(async () => app?.dispose());

const call = <T>(method: string, input: unknown) => callApp<T>(app!, method, input);

/** A folder inside the open workspace: API calls may only name files there (docs/security.md). */
const files = () => mkdtempSync(join(app!.state.dir, 'imports-'));

describe('traces.import', () => {
  it('imports JSON lines with progress events, then lists the items, and is idempotent on re-import', async () => {
    app = createTestApp();
    const dir = files();
    const path = writeJsonLines(dir, 'prod.jsonl', [
      chatTrace(1, { conversation: 'c1' }),
      chatTrace(2, { conversation: 'c1' }),
      chatTrace(3),
    ]);
    const progress: ImportProgress[] = [];
    app.events.subscribe(
      (name, payload) => name === 'traces.importProgressed' && progress.push(payload as ImportProgress),
    );

    const first = await call<ImportSummary>('traces.import', { paths: [path] });
    expect(first).toMatchObject({
      files: 1,
      spans: 3,
      inserted: 3,
      skipped: 0,
      bad: 0,
      traces: 3,
      llmCalls: 3,
      conversations: 1,
      reviewItems: 3,
      errors: [],
      unreadable: [],
    });
    expect(progress.at(-1)).toMatchObject({ file: path, fileIndex: 0, fileCount: 1, spans: 3, bad: 0 });
    expect(progress.at(-1)!.bytesRead).toBe(progress.at(-1)!.totalBytes);

    const items = await call<{ total: number; items: ReviewItem[] }>('traces.items', {});
    expect(items.total).toBe(3);
    // Queue order: the newest group first (trace 3 alone), then conversation c1 in time order.
    expect(items.items.map((i) => i.traceId)).toEqual([traceId(3), traceId(1), traceId(2)]);

    await call('labels.submit', { subjectType: 'review_item', subjectId: traceId(1), verdict: 'pass' });
    const again = await call<ImportSummary>('traces.import', { paths: [path] });
    expect(again).toMatchObject({ spans: 3, inserted: 0, skipped: 3, traces: 0, reviewItems: 0 });
    const after = await call<{ total: number; items: ReviewItem[] }>('traces.items', {});
    expect(after.total).toBe(3);
    expect(after.items.find((i) => i.traceId === traceId(1))!.verdict).toBe('pass');
  });

  it('keeps the good spans of a partly bad file and names the file and line of every bad one', async () => {
    app = createTestApp();
    const dir = files();
    const bad = jsonRequest([{ traceId: 'not-hex', spanId: spanId(9), name: 'x', startNs: '1', endNs: '2' }]);
    const path = join(dir, 'mixed.jsonl');
    writeFileSync(
      path,
      [
        JSON.stringify(jsonRequest(chatTrace(1))),
        '{ not json',
        JSON.stringify(bad),
        JSON.stringify(jsonRequest(chatTrace(2))),
      ].join('\n'),
    );
    const summary = await call<ImportSummary>('traces.import', { paths: [path] });
    expect(summary).toMatchObject({ spans: 2, inserted: 2, bad: 2, reviewItems: 2, unreadable: [] });
    expect(summary.errors.map((e) => [e.file, e.line])).toEqual([
      [path, 2],
      [path, 3],
    ]);
    expect(summary.errors[1]!.message).toMatch(/traceId "not-hex"/);
  });

  it('lists a file that cannot be read at all as unreadable', async () => {
    app = createTestApp();
    const dir = files();
    const garbage = join(dir, 'garbage.json');
    writeFileSync(garbage, '{"resourceMetrics": []}');
    const summary = await call<ImportSummary>('traces.import', { paths: [join(dir, 'missing.jsonl'), garbage] });
    expect(summary.unreadable).toEqual([join(dir, 'missing.jsonl'), garbage]);
    expect(summary.errors[0]!.message).toMatch(/cannot read .*missing\.jsonl/);
  });

  it('imports protobuf files, and rebuilds an item when the rest of its trace arrives in a later file', async () => {
    app = createTestApp();
    const dir = files();
    // An agent run whose LLM call is in the first file and whose agent root span (with the final answer) is in the second.
    const root = {
      traceId: traceId(7),
      spanId: spanId(7, 1),
      name: 'invoke_agent helpdesk',
      startNs: T0,
      endNs: T0 + 2_000_000_000n,
      attributes: {
        'gen_ai.operation.name': 'invoke_agent',
        'gen_ai.conversation.id': 'conv-7',
        'gen_ai.output.messages': JSON.stringify([
          { role: 'assistant', parts: [{ type: 'text', content: 'Final answer from the agent.' }] },
        ]),
      },
    };
    const child = {
      ...chatTrace(7)[0]!,
      spanId: spanId(7, 2),
      parentSpanId: spanId(7, 1),
      startNs: T0 + 1n,
      endNs: T0 + 1_000_000_000n,
    };
    const first = join(dir, 'part1.pb');
    writeFileSync(first, frameDelimited([encodeProtoRequest(jsonRequest([child]))], 'varint'));
    const second = join(dir, 'part2.pb');
    writeFileSync(second, encodeProtoRequest(jsonRequest([root])));

    await call<ImportSummary>('traces.import', { paths: [first] });
    const before = await call<{ item: ReviewItemDetail }>('traces.get', { id: traceId(7) });
    expect(before.item).toMatchObject({
      outputText: 'Answer number 7.',
      conversationId: null,
      flags: [expect.stringMatching(/^Partial trace/)],
      // The conversation is rebuilt from the stored spans when the item is opened.
      systemText: null,
      input: [{ role: 'user', content: 'Question number 7?' }],
      output: [{ role: 'assistant', content: 'Answer number 7.' }],
    });

    const summary = await call<ImportSummary>('traces.import', { paths: [second] });
    expect(summary).toMatchObject({ inserted: 1, traces: 0, reviewItems: 1, conversations: 1 });
    const after = await call<{ item: ReviewItemDetail }>('traces.get', { id: traceId(7) });
    expect(after.item).toMatchObject({
      outputText: 'Final answer from the agent.',
      conversationId: 'conv-7',
      agentRunId: spanId(7, 1),
      flags: [],
      input: [{ role: 'user', content: 'Question number 7?' }],
      output: [
        { role: 'assistant', content: 'Answer number 7.' },
        { role: 'assistant', content: 'Final answer from the agent.' },
      ],
    });
    expect(after.item.spans.map((s) => [s.name, s.isLlm, s.offsetMs])).toEqual([
      ['invoke_agent helpdesk', false, 0],
      ['chat', true, 0],
    ]);
  });

  it('stops an import when it is cancelled, keeping what was read, and allows one import at a time', async () => {
    app = createTestApp();
    const dir = files();
    const path = writeJsonLines(
      dir,
      'many.jsonl',
      Array.from({ length: 40 }, (_, i) => chatTrace(i + 1)),
    );
    let cancel: Promise<unknown> | undefined;
    app.events.subscribe((name) => {
      if (name === 'traces.importProgressed' && !cancel)
        cancel = app!.dispatch('traces.cancelImport', {}, { transport: 'in-process' });
    });
    const importing = call<ImportSummary>('traces.import', { paths: [path, path] });
    const second = await app.dispatch('traces.import', { paths: [path] }, { transport: 'in-process' });
    expect(second).toMatchObject({ ok: false, error: { code: 'conflict' } });
    const summary = await importing;
    expect(await cancel).toEqual({ ok: true, value: { cancelled: true } });
    expect(summary).toMatchObject({ cancelled: true, spans: 1, inserted: 1, reviewItems: 1 });
    expect((await call<{ total: number }>('traces.items', {})).total).toBe(1);
    expect(await call('traces.cancelImport', {})).toEqual({ cancelled: false });
  });
});

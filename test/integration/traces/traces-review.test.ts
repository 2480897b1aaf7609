import { join } from 'node:path';
import { beforeEach, afterEach, expect, it } from 'vitest';
import type { App } from '../../../src-main/app/create-app';
import {
  STANDARD_DIMENSIONS,
  type ImportSummary,
  type Label,
  type QueueCounts,
  type ReviewItem,
  type TraceGroup,
} from '../../../src-shared/model';
import { callApp, createTestApp } from '../../support/app';
import { backendWorkspace, type BackendWorkspace } from '../../support/backend-workspace';
import { describeBackends } from '../../support/store-backends';
import { newResult, newRun } from '../../unit/store/repos/run-fixtures';

let app: App;

/** The example's trace file in the app's workspace copy: imports read only inside the workspace (docs/security.md). */
const exampleTraces = () => join(app.state.dir, 'traces', 'riverside.otlp.jsonl');

const call = <T>(method: string, input: unknown) => callApp<T>(app, method, input);
type Groups = { total: number; groups: TraceGroup[]; counts: QueueCounts };
type Items = { total: number; items: ReviewItem[] };

describeBackends('the example traces in the review queue', (backend) => {
  let workspace: BackendWorkspace;
  beforeEach(async () => {
    workspace = backendWorkspace(backend);
    app = createTestApp(workspace.dir, { store: workspace.store });
    await call('traces.import', { paths: [exampleTraces()] });
  });
  afterEach(async () => {
    await app.dispose();
    await workspace.dispose();
  });

  it('holds 36 replies in every convention, with truncated and uncaptured ones, grouped into conversations and runs', async () => {
    const summary = await call<ImportSummary>('traces.import', {
      paths: [exampleTraces()],
    });
    expect(summary).toMatchObject({ spans: 70, inserted: 0, skipped: 70 });
    const { items } = await call<Items>('traces.items', { limit: 500 });
    expect(items).toHaveLength(36);
    expect(new Set(items.map((i) => i.convention))).toEqual(
      new Set(['genai', 'genai_events', 'genai_legacy', 'openinference', 'openllmetry']),
    );
    expect(items.filter((i) => i.truncated)).toHaveLength(5);
    expect(items.filter((i) => !i.captured)).toHaveLength(5);
    expect(items.filter((i) => i.toolCalls.length > 0).length).toBeGreaterThanOrEqual(10);
    const groups = await call<Groups>('traces.groups', { limit: 500 });
    expect(groups.total).toBe(32);
    const web = groups.groups.find((g) => g.key === 'conversation:web-7f3a')!;
    expect(web).toMatchObject({
      kind: 'conversation',
      items: 3,
      unlabeled: 3,
      title: 'How long can I keep a book?',
      models: ['llama3.1:8b'],
    });
    expect(groups.counts).toEqual({ items: 36, labeled: 0, unlabeled: 36, pass: 0, fail: 0, defer: 0 });
  });

  it('filters by model, status, time and text', async () => {
    const byModel = await call<Items>('traces.items', { filters: { model: 'qwen3:8b' }, limit: 500 });
    expect(byModel.total).toBe(7);
    expect(byModel.items.every((i) => i.model === 'qwen3:8b')).toBe(true);
    expect((await call<Items>('traces.items', { filters: { status: 'error' } })).items.map((i) => i.inputText)).toEqual(
      ['Is the library open on public holidays?'],
    );
    const monday = Date.UTC(2026, 10, 16);
    expect((await call<Items>('traces.items', { filters: { from: monday, to: monday + 86_400_000 } })).total).toBe(6);
    expect((await call<Items>('traces.items', { filters: { text: 'PIANESI' } })).total).toBe(0);
    expect((await call<Items>('traces.items', { filters: { text: 'piranesi' } })).total).toBe(1);
    const models = await call<{ model: string; count: number }[]>('traces.models', {});
    expect(models.reduce((n, m) => n + m.count, 0)).toBe(36);
  });

  it('labels by keyboard: verdict, then one dimension, then tags, each keeping the rest; undo steps back', async () => {
    const first = await call<{ id: string | null; position: number | null }>('traces.neighbor', {
      id: null,
      direction: 'next',
      unlabeledOnly: true,
    });
    expect(first.position).toBe(0);
    const id = first.id!;
    await call('labels.submit', { subjectType: 'review_item', subjectId: id, verdict: 'fail' });
    await call('labels.submit', {
      subjectType: 'review_item',
      subjectId: id,
      dimensions: { accuracy: 1, format: 'pass' },
    });
    const tagged = await call<{ label: Label }>('labels.submit', {
      subjectType: 'review_item',
      subjectId: id,
      tags: ['hours', 'hours', ' wrong-fact '],
      notes: 'Invents hours.',
    });
    expect(tagged.label).toMatchObject({
      verdict: 'fail',
      dimensions: { accuracy: 1, format: 'pass' },
      tags: ['hours', 'wrong-fact'],
      notes: 'Invents hours.',
    });

    const undone = await call<{ reverted: { label: Label | null }[] }>('labels.undo', {});
    expect(undone.reverted[0]!.label).toMatchObject({
      verdict: 'fail',
      dimensions: { accuracy: 1, format: 'pass' },
      tags: [],
      notes: '',
    });
    await call('labels.submit', { subjectType: 'review_item', subjectId: id, dimensions: { format: null } });
    expect(await call<Label>('labels.get', { subjectType: 'review_item', subjectId: id })).toMatchObject({
      dimensions: { accuracy: 1 },
    });

    const next = await call<{ id: string; position: number }>('traces.neighbor', {
      id: null,
      direction: 'next',
      unlabeledOnly: true,
    });
    expect(next).toEqual({ id: expect.not.stringMatching(id), position: 1 });
    const back = await call<{ id: string; position: number }>('traces.neighbor', {
      id: next.id,
      direction: 'previous',
    });
    expect(back).toEqual({ id, position: 0 });
    const last = await call<{ id: string | null }>('traces.neighbor', { id: null, direction: 'previous' });
    const items = await call<Items>('traces.items', { limit: 500 });
    expect(last.id).toBe(items.items.at(-1)!.id);
    expect(await call('traces.neighbor', { id: last.id, direction: 'next' })).toEqual({ id: null, position: null });
  });

  it('labels a whole group at once, counts per queue, filters by label state and tag, and undoes the group in one step', async () => {
    const group = 'conversation:web-7f3a';
    const one = (await call<Items>('traces.items', { groupKey: group })).items[0]!.id;
    await call('labels.submit', { subjectType: 'review_item', subjectId: one, verdict: 'fail' });
    const result = await call<{ count: number }>('labels.submitGroup', {
      groupKey: group,
      verdict: 'pass',
      tags: ['loans'],
      onlyUnlabeled: true,
    });
    expect(result.count).toBe(2);
    expect(await call<QueueCounts>('traces.counts', { groupKey: group })).toEqual({
      items: 3,
      labeled: 3,
      unlabeled: 0,
      pass: 2,
      fail: 1,
      defer: 0,
    });
    expect((await call<Items>('traces.items', { filters: { tag: 'loans' } })).total).toBe(2);
    expect((await call<Items>('traces.items', { filters: { labelState: 'unlabeled' } })).total).toBe(33);
    expect((await call<Items>('traces.items', { filters: { labelState: 'fail' } })).items.map((i) => i.id)).toEqual([
      one,
    ]);
    expect(await call('traces.tags', { prefix: 'lo' })).toEqual([{ tag: 'loans', count: 2 }]);

    const undone = await call<{ reverted: unknown[] }>('labels.undo', {});
    expect(undone.reverted).toHaveLength(2);
    expect(await call<QueueCounts>('traces.counts', { groupKey: group })).toMatchObject({ labeled: 1, fail: 1 });
  });

  it('labels a question result and user-defined dimensions, and refuses to label an item that does not exist', async () => {
    await app.state.db.runs.insert(newRun('run-1'));
    const resultId = String(await app.state.db.results.insert(newResult('run-1', 'sunday_hours')));
    await call('labels.submit', {
      subjectType: 'question_result',
      subjectId: resultId,
      verdict: 'defer',
      dimensions: { tone: 4 },
    });
    expect(await call<Label>('labels.get', { subjectType: 'question_result', subjectId: resultId })).toMatchObject({
      verdict: 'defer',
    });
    const noResult = await app.dispatch(
      'labels.submit',
      { subjectType: 'question_result', subjectId: '999', verdict: 'pass' },
      { transport: 'in-process' },
    );
    expect(noResult).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(await call<string[]>('labels.dimensions', {})).toEqual([...STANDARD_DIMENSIONS, 'tone']);
    const missing = await app.dispatch(
      'labels.submit',
      { subjectType: 'review_item', subjectId: 'nope', verdict: 'pass' },
      { transport: 'in-process' },
    );
    expect(missing).toMatchObject({ ok: false, error: { code: 'not_found' } });
    const badScore = await app.dispatch(
      'labels.submit',
      { subjectType: 'review_item', subjectId: 'x', dimensions: { accuracy: 7 } },
      { transport: 'in-process' },
    );
    expect(badScore).toMatchObject({ ok: false, error: { code: 'bad_input' } });
  });
});

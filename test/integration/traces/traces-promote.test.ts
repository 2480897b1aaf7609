import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { App } from '../../../src-main/app/create-app';
import { loadWorkspace } from '../../../src-main/workspace/load-workspace';
import type { PromoteOutcome, ReviewItem } from '../../../src-shared/model';
import { callApp, createTestApp } from '../../support/app';
import { copyExample } from '../../support/workspace';
import { chatTrace, traceId, writeJsonLines } from './traces-fixtures';
import { runCliInProcess } from '../../support/cli';

let app: App | undefined;
afterEach(async () => app?.dispose());

const call = <T>(method: string, input: unknown) => callApp<T>(app!, method, input);
type Promoted = { promoted: number; refused: number; outcomes: PromoteOutcome[] };

async function importChats(dir: string): Promise<void> {
  // Imports read only inside the workspace (docs/security.md).
  const files = mkdtempSync(join(dir, 'imports-'));
  const path = writeJsonLines(files, 'chats.jsonl', [
    chatTrace(1, { question: 'When do you open on Sunday?', answer: 'At 12:00, until 17:00.' }),
    chatTrace(2, { question: 'List every rule.', answer: 'Rule one: loans last 21 da', finish: 'length' }),
    chatTrace(3, { question: 'Is Dune available?', answer: '' }),
    chatTrace(4, { question: 'When do you open on Sunday?', answer: 'At 9:00.' }),
  ]);
  app = createTestApp(dir);
  await call('traces.import', { paths: [path] });
}

describe('traces.promote into a dataset', () => {
  it('appends questions keeping the file comments, refuses truncated and uncaptured items with the reason, and promotes the rest', async () => {
    const dir = copyExample();
    await importChats(dir);
    await call('labels.submit', {
      subjectType: 'review_item',
      subjectId: traceId(1),
      verdict: 'pass',
      notes: 'Gives both opening and closing time.',
      tags: ['hours'],
    });
    await call('labels.submit', { subjectType: 'review_item', subjectId: traceId(4), verdict: 'fail' });
    const before = readFileSync(join(dir, 'datasets', 'helpdesk.yaml'), 'utf8');

    const result = await call<Promoted>('traces.promote', {
      ids: [traceId(1), traceId(2), traceId(3), traceId(4), 'missing'],
      dataset: 'helpdesk',
    });
    expect(result).toMatchObject({ promoted: 2, refused: 3 });
    expect(result.outcomes.map((o) => [o.promoted, o.createdId])).toEqual([
      [true, 'when_do_you_open_on_sunday'],
      [false, null],
      [false, null],
      [true, 'when_do_you_open_on_sunday_2'],
      [false, null],
    ]);
    expect(result.outcomes[1]!.reason).toBe(
      'the answer was truncated (finish reason length); a cut answer cannot be a reference or a gold label',
    );
    expect(result.outcomes[2]!.reason).toMatch(/^the conversation was not captured \(Answer not recorded\)/);
    expect(result.outcomes[4]!.reason).toBe('no review item "missing"');

    const after = readFileSync(join(dir, 'datasets', 'helpdesk.yaml'), 'utf8');
    // Only added lines: every byte of the file before stays where it was.
    expect(after.startsWith(before)).toBe(true);
    const dataset = loadWorkspace(dir).datasets.get('helpdesk')!;
    expect(loadWorkspace(dir).issues.filter((i) => i.severity === 'error')).toEqual([]);
    const promoted = dataset.dataset.questions.filter((q) => q.metadata?.source_trace);
    expect(promoted).toEqual([
      {
        id: 'when_do_you_open_on_sunday',
        input: 'When do you open on Sunday?',
        expected: { reference: 'At 12:00, until 17:00.' },
        tags: ['hours'],
        // The reviewer's note is kept beside the question, never as criteria (which the judges read).
        metadata: { source_trace: traceId(1), review_note: 'Gives both opening and closing time.' },
      },
      // A failed answer gives no reference.
      {
        id: 'when_do_you_open_on_sunday_2',
        input: 'When do you open on Sunday?',
        metadata: { source_trace: traceId(4) },
      },
    ]);

    const again = await call<Promoted>('traces.promote', { ids: [traceId(1)], dataset: 'helpdesk' });
    expect(again.outcomes[0]!.reason).toBe(
      'already in datasets/helpdesk.yaml as question "when_do_you_open_on_sunday"',
    );
  });

  it('writes a multi-turn conversation as a list of turns ending with the user', async () => {
    const dir = copyExample();
    app = createTestApp(dir);
    await call('traces.import', { paths: [join(dir, 'traces', 'riverside.otlp.jsonl')] });
    const { items } = await call<{ items: ReviewItem[] }>('traces.items', { groupKey: 'conversation:web-7f3a' });
    const third = items[2]!;
    await call('traces.promote', { ids: [third.id], dataset: 'helpdesk' });
    const question = loadWorkspace(dir)
      .datasets.get('helpdesk')!
      .dataset.questions.find((q) => q.metadata?.source_trace === third.traceId)!;
    expect(question.input).toEqual([
      { role: 'user', content: 'How long can I keep a book?' },
      {
        role: 'assistant',
        content: 'Loans last 21 days. You can renew them twice online unless someone has reserved the item.',
      },
      { role: 'user', content: 'And what if I bring it back late?' },
      { role: 'assistant', content: 'Late fees are 0.20 EUR per item per day, capped at 5 EUR per item.' },
      { role: 'user', content: 'So ten days late costs how much?' },
    ]);
    expect(question.id).toBe('so_ten_days_late_costs_how');
  });

  it("adds items to a judge's gold set with their label, and refuses a non-judge or an unknown dataset", async () => {
    await importChats(copyExample());
    await call('labels.submit', { subjectType: 'review_item', subjectId: traceId(1), verdict: 'pass' });
    await call('labels.submit', { subjectType: 'review_item', subjectId: traceId(4), verdict: 'defer' });
    const result = await call<Promoted>('traces.promote', {
      ids: [traceId(1), traceId(2), traceId(4)],
      judgeGrader: 'accuracy_grader',
    });
    expect(result.outcomes.map((o) => o.createdId)).toEqual([`tr-accuracy_grader-${traceId(1)}`, null, null]);
    expect(result.outcomes[2]!.reason).toBe('the reviewer deferred it; a deferred item never enters a gold set');
    const gold = await app!.state.db.judges.goldItems('accuracy_grader');
    expect(gold).toEqual([
      expect.objectContaining({
        id: `tr-accuracy_grader-${traceId(1)}`,
        question: 'When do you open on Sunday?',
        response: 'At 12:00, until 17:00.',
        verdicts: [expect.objectContaining({ verdict: 'pass' })],
      }),
    ]);
    expect(
      await app!.dispatch(
        'traces.promote',
        { ids: [traceId(1)], judgeGrader: 'format_grader' },
        { transport: 'in-process' },
      ),
    ).toMatchObject({ ok: false, error: { code: 'bad_input' } });
    expect(
      await app!.dispatch('traces.promote', { ids: [traceId(1)], dataset: 'nope' }, { transport: 'in-process' }),
    ).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(await app!.dispatch('traces.promote', { ids: [traceId(1)] }, { transport: 'in-process' })).toMatchObject({
      ok: false,
      error: { code: 'bad_input' },
    });
  });
});

describe('the trace commands', () => {
  const configDir = mkdtempSync(join(tmpdir(), 'aieval-traces-config-'));
  const cli = (...argv: string[]) => runCliInProcess(argv, configDir);

  it('imports, lists as JSON and promotes; a refused truncated trace exits 2 with the reason', async () => {
    const dir = copyExample();
    const imported = await cli('import-traces', join(dir, 'traces', 'riverside.otlp.jsonl'), '--workspace', dir);
    expect(imported.code).toBe(0);
    expect(imported.stdout).toMatch(
      /70 spans \(70 new, 0 skipped as already imported\), 36 new traces, 48 LLM calls, 4 conversations, 36 review items, 0 bad/,
    );
    expect(imported.stderr).toBe('[1/1] riverside.otlp.jsonl: 70 spans');

    const listed = await cli('traces', '--json', '--workspace', dir, '--limit', '100');
    const items = JSON.parse(listed.stdout) as Record<string, unknown>[];
    expect(items).toHaveLength(36);
    expect(Object.keys(items[0]!)).toEqual(
      expect.arrayContaining([
        'trace_id',
        'conversation_id',
        'model',
        'input_text',
        'output_text',
        'tool_calls',
        'input_tokens',
        'output_tokens',
        'finish_reason',
        'truncated',
        'captured',
        'status',
      ]),
    );
    const truncated = items.find((i) => i.finish_reason === 'length')!;
    const good = items.find((i) => i.input_text === 'When is the main branch open on Sundays?')!;
    const withTools = items.find((i) => i.input_text === 'I want to renew Dune, card 4471.')!;
    expect(withTools.tool_calls).toEqual([
      {
        name: 'renew_loan',
        arguments: { card: '4471', title: 'Dune' },
        result: '{"title":"Dune","due_date":"2026-12-22","renewals":1}',
      },
    ]);

    const refused = await cli('promote', String(truncated.trace_id), '--dataset', 'helpdesk', '--workspace', dir);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/refused .*: the answer was truncated \(finish reason length\)/);
    const promoted = await cli(
      'promote',
      String(good.trace_id).toUpperCase(),
      '--dataset',
      'helpdesk',
      '--workspace',
      dir,
    );
    expect(promoted.code).toBe(0);
    expect(promoted.stdout).toBe(
      `promoted ${String(good.trace_id)} into dataset helpdesk as when_is_the_main_branch_open`,
    );
    expect((await cli('validate', '--workspace', dir)).code).toBe(0);

    expect((await cli('import-traces', join(dir, 'missing.jsonl'), '--workspace', dir)).code).toBe(2);
    expect((await cli('promote', 'x', '--workspace', dir)).code).toBe(2);
  });
});

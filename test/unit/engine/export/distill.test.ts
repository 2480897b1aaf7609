import { describe, expect, it } from 'vitest';
import { distill } from '../../../../src-main/engine/export/distill';
import { sparkline } from '../../../../src-main/engine/export/sparkline';
import type { StoreApi } from '../../../../src-main/store/store';
import { addRun, grader, openStore } from './export-fixtures';

const DAY = 86_400_000;
const MARCH = Date.UTC(2026, 2, 1, 9, 30);

const chat = { targetId: 'helpdesk_chat', graders: ['relevance_grader', 'format_grader'] };
const agent = {
  targetId: 'helpdesk_agent',
  model: 'qwen3:8b',
  graders: ['accuracy_grader', 'tool_usage_grader'],
  gate: { metric: 'pass_rate' as const, threshold: 0.8, type: 'soft' as const },
};

/** A small store: three chat runs improving, one old run outside the window, two agent runs with an outage. */
async function fixtureStore(): Promise<StoreApi> {
  const { db } = openStore();
  const q = (id: string, relevance: number, format: number | null, reason = 'fine') => ({
    id,
    graders: [
      grader('relevance_grader', relevance, { reason }),
      grader(
        'format_grader',
        format,
        format === null ? {} : { reason: format < 3 ? 'the answer is not valid JSON' : 'ok' },
      ),
    ],
  });
  await addRun(db, {
    id: 'chat-old',
    identity: chat,
    finishedAt: MARCH - 40 * DAY,
    questions: [q('sunday_hours', 1, 1)],
  });
  await addRun(db, {
    id: 'chat-1',
    identity: chat,
    finishedAt: MARCH,
    questions: [q('sunday_hours', 3, 4), q('late_fees', 2, 2, 'misses the 5-day total'), q('hours_json', 3, 1)],
  });
  await addRun(db, {
    id: 'chat-2',
    identity: chat,
    finishedAt: MARCH + DAY,
    questions: [q('sunday_hours', 4, 4), q('late_fees', 2, 2, 'misses the 5-day total'), q('hours_json', 4, 2)],
  });
  await addRun(db, {
    id: 'chat-3',
    identity: chat,
    finishedAt: MARCH + 2 * DAY,
    questions: [q('sunday_hours', 5, 5), q('late_fees', 3, null, 'misses the 5-day total'), q('hours_json', 5, 4)],
    judges: [{ grader: 'relevance_grader', state: 'trusted', tpr: 0.95, tnr: 0.92 }],
  });
  const a = (id: string, accuracy: number, tools: number) => ({
    id,
    graders: [
      grader('accuracy_grader', accuracy, { reason: accuracy < 3 ? 'invents a due date' : 'correct' }),
      grader('tool_usage_grader', tools, { reason: tools < 3 ? 'renew_loan was not called' : 'ok' }),
    ],
  });
  await addRun(db, {
    id: 'agent-1',
    identity: agent,
    finishedAt: MARCH + 3 * DAY,
    questions: [a('renew', 2, 1), a('due_date', 5, 5)],
  });
  await addRun(db, {
    id: 'agent-2',
    identity: agent,
    finishedAt: MARCH + 4 * DAY,
    questions: [a('renew', 2, 2), a('due_date', 5, 5), { id: 'outage', graders: [], response: null }],
    judges: [{ grader: 'accuracy_grader', state: 'unvalidated', tpr: null, tnr: null }],
  });
  return db;
}

describe('distill', () => {
  it('summarises each target: trend with sparklines and deltas, weakest graders, recurring failures, judge trust', async () => {
    const markdown = await distill(await fixtureStore(), { since: MARCH - 7 * DAY });
    await expect(markdown).toMatchFileSnapshot('./__snapshots__/distill.md');
    expect(markdown).not.toContain('chat-old');
  });

  it('is deterministic: the same store content gives the same bytes', async () => {
    const first = await distill(await fixtureStore(), { since: MARCH - 7 * DAY });
    const second = await distill(await fixtureStore(), { since: MARCH - 7 * DAY });
    expect(second).toBe(first);
  });

  it('says so when the window holds no run', async () => {
    const { db } = openStore();
    expect(await distill(db, { since: MARCH })).toBe(
      '# Evaluation summary since 2026-03-01 09:30 UTC\n\n0 targets · 0 complete runs · 0 passed, 0 failed\n\nNo complete run in this window.\n',
    );
  });
});

describe('sparkline', () => {
  it('maps values onto a fixed scale, with a dot for a missing value', () => {
    expect(sparkline([0, 1.25, 2.5, 3.75, 5, null], 0, 5)).toBe('▁▃▅▇█·');
    expect(sparkline([-1, 9], 0, 5)).toBe('▁█');
  });
});

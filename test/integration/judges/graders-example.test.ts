// The deterministic graders over the example workspace: its rubrics, formats, tool expectations and state specs all grade.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { GraderId, Question, ToolCallRecord } from '../../../src-shared/model';
import type { GradeContext } from '../../../src-main/engine/grading/grader';
import { GRADERS } from '../../../src-main/engine/grading/registry';
import { criteriaWithRubric } from '../../../src-main/engine/grading/rubric/criteria-with-rubric';
import { hasErrors, loadWorkspace, resolveRubric } from '../../../src-main/workspace/load-workspace';

const workspace = loadWorkspace(join(import.meta.dirname, '../../../resources/example'));
const config = workspace.config;
const questions = workspace.datasets.get('helpdesk')?.questions ?? [];
const question = (id: string): Question => {
  const found = questions.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`no example question ${id}`);
  return found;
};

function context(q: Question, response: string, extra: Partial<GradeContext> = {}): GradeContext {
  const rubric = q.rubric_ref ? resolveRubric(q.rubric_ref, workspace.rubrics) : undefined;
  const target = config?.targets.find((candidate) => candidate.mode === (extra.toolCalls ? 'agent' : 'chat'));
  if (!target) throw new Error('the example has no such target');
  return {
    question: q,
    criteria: criteriaWithRubric(q, rubric),
    messages: typeof q.input === 'string' ? [{ role: 'user', content: q.input }] : q.input,
    response,
    toolCalls: undefined,
    target,
    rubric,
    responseCharLimit: 4000,
    judgeResponseCharLimit: 4000,
    trusted: true,
    workspaceDir: workspace.dir,
    judgeFor: () => undefined,
    callTool: undefined,
    signal: undefined,
    ...extra,
  };
}

const grade = (id: GraderId, ctx: GradeContext) => {
  const grader = GRADERS.get(id);
  if (!grader) throw new Error(`${id} is not registered`);
  return grader.grade(ctx);
};

describe('the example workspace', () => {
  it('loads without errors and its rubrics use at least five check kinds', () => {
    expect(hasErrors(workspace.issues)).toBe(false);
    const kinds = new Set(
      [...workspace.rubrics.values()].flatMap((rubric) => rubric.checks.map((check) => check.kind)),
    );
    expect(kinds.size).toBeGreaterThanOrEqual(5);
  });

  it('scores a good plain answer high on support_tone and shows the rubric to judges', async () => {
    const ctx = context(
      question('sunday_hours'),
      'Sure, the main branch is open on Sundays from 12:00 to 17:00. Happy to help!',
    );
    expect(ctx.criteria).toContain(
      'Rubric Support tone (checked separately; read as criteria):\n- Never blames the member.',
    );
    const outcome = await grade('rubric_checks', ctx);
    expect(outcome.status).toBe('scored');
    expect(outcome.score).toBeGreaterThanOrEqual(4);
    expect(outcome.checks?.every((check) => check.executed)).toBe(true);
    expect(await grade('format_grader', ctx)).toMatchObject({ score: 5 });
  });

  it('scores a blaming markdown answer low on support_tone', async () => {
    const outcome = await grade(
      'rubric_checks',
      context(question('no_account_deletion'), '# Account\nIt is **your fault**; see [the form](https://example.org).'),
    );
    expect(outcome.status).toBe('scored');
    expect(outcome.score).toBeLessThan(2.5);
    expect(outcome.reason).toMatch(/failed: .*no_blame/);
  });

  it('passes the hours_json rubric only for the bare JSON object', async () => {
    const q = question('hours_as_json');
    expect(
      await grade('rubric_checks', context(q, '{"saturday": "10:00-18:00", "sunday": "12:00-17:00"}')),
    ).toMatchObject({ status: 'scored', score: 5 });
    expect(
      await grade('format_grader', context(q, '{"saturday": "10:00-18:00", "sunday": "12:00-17:00"}')),
    ).toMatchObject({ score: 5 });
    const fenced = await grade(
      'rubric_checks',
      context(q, '```json\n{"saturday": "10:00-18:00", "sunday": "12:00-17:00"}\n```'),
    );
    expect(fenced).toMatchObject({ status: 'scored', score: 0 });
  });

  it('grades the renewal conversation on its tool record and its state', async () => {
    const q = question('renew_loan');
    const record: ToolCallRecord[] = [
      { seq: 0, name: 'find_loan', server: 'catalog', args: { card: '4471' }, result: '{}', error: false },
      {
        seq: 1,
        name: 'renew_loan',
        server: 'catalog',
        args: { card: '4471', title: 'Dune' },
        result: '{}',
        error: false,
      },
    ];
    const loan = { card: '4471', title: 'Dune', due_date: '2026-12-22', renewals: 1 };
    const callTool = async () => ({ content: [{ type: 'text', text: JSON.stringify(loan) }] });
    const ctx = context(q, 'Done: Dune is renewed until 2026-12-22.', { toolCalls: record, callTool });
    expect(await grade('tool_usage_grader', ctx)).toMatchObject({
      status: 'scored',
      score: 5,
      reason: 'all 3 tool expectations met',
    });
    expect(await grade('state_check', ctx)).toMatchObject({
      status: 'scored',
      score: 5,
      reason: 'PASS renewed: renewals is 1\nPASS due_moved: due_date is "2026-12-22", expected not "2026-12-01"',
    });
  });

  it('has questions for every grader that needs a key: facts, tools, state, rubric, json format', () => {
    expect(questions.some((q) => (q.expected_facts ?? []).length > 0)).toBe(true);
    expect(questions.some((q) => (q.must_not_contain ?? []).length > 0)).toBe(true);
    expect(
      questions.some((q) => q.expected_tools?.some((tool) => tool.args) && q.expected_tools.some((tool) => tool.after)),
    ).toBe(true);
    expect(questions.some((q) => q.metadata?.state !== undefined)).toBe(true);
    expect(questions.some((q) => q.rubric_ref !== undefined)).toBe(true);
    expect(questions.some((q) => q.expected?.format === 'json')).toBe(true);
    expect(questions.some((q) => Array.isArray(q.input))).toBe(true);
  });
});

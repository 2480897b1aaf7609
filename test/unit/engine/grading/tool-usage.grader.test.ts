import { describe, expect, it } from 'vitest';
import type { ExpectedTool, ToolCallRecord } from '../../../../src-shared/model';
import { toolUsageGrader } from '../../../../src-main/engine/grading/tool-usage.grader';
import { nameMatches, subsetMatches, TEXT_FALLBACK_NOTE } from '../../../../src-main/engine/grading/tool-usage-rules';
import { GRADERS } from '../../../../src-main/engine/grading/registry';
import { makeContext } from './make-context';

const record = (...calls: [string, Record<string, unknown>?, string?][]): ToolCallRecord[] =>
  calls.map(([name, args = {}, server = 'catalog'], seq) => ({ seq, name, server, args, result: '{}', error: false }));

const expect_ = (tool: string, extra: Partial<ExpectedTool> = {}) => ({ tool, should_run: true, ...extra });

const grade = (expected: ExpectedTool[] | undefined, toolCalls: ToolCallRecord[] | undefined, response = 'Done.') =>
  toolUsageGrader.grade(makeContext({ question: { expected_tools: expected }, toolCalls, response }));

describe('tool_usage_grader', () => {
  it('is registered and skips without expected_tools', async () => {
    expect(GRADERS.get('tool_usage_grader')).toBe(toolUsageGrader);
    expect(await grade(undefined, [])).toEqual({ status: 'skipped', score: null, reason: 'no expected_tools' });
    expect(await grade([], [])).toMatchObject({ status: 'skipped' });
  });

  it('gives each expectation an equal share of 5 (three of four met: 3.75)', async () => {
    const outcome = await grade(
      [
        expect_('find_loan', { args: { card: '4471' } }),
        expect_('renew_loan', { after: 'find_loan' }),
        expect_('delete_account', { should_run: false }),
        expect_('get_loan'),
      ],
      record(['find_loan', { card: 4471 }], ['renew_loan', { card: '4471' }]),
    );
    expect(outcome).toEqual({
      status: 'scored',
      score: 3.75,
      reason: '3 of 4 tool expectations met: get_loan was not called',
    });
  });

  it('fails should_run: false when the tool ran', async () => {
    expect(await grade([expect_('delete_account', { should_run: false })], record(['delete_account']))).toMatchObject({
      score: 0,
      reason: '0 of 1 tool expectations met: delete_account was called but must not run',
    });
  });

  it('matches args as a subset, scalars loosely and booleans strictly', async () => {
    const calls = record(['search', { query: 'dune', limit: '12', exact: 'true' }]);
    expect((await grade([expect_('search', { args: { limit: 12 } })], calls)).score).toBe(5);
    expect(await grade([expect_('search', { args: { exact: true } })], calls)).toMatchObject({
      score: 0,
      reason: expect.stringContaining('search was never called with {"exact":true}'),
    });
    expect(subsetMatches({ a: { b: 1 } }, { a: { b: '1', c: 2 } })).toBe(true);
    expect(subsetMatches({ a: [1, 2] }, { a: ['1', '2'] })).toBe(true);
    expect(subsetMatches({ a: 1 }, {})).toBe(false);
    expect(subsetMatches({ a: null }, { a: 'null' })).toBe(false);
  });

  it('checks order by position in the record', async () => {
    const expected = [expect_('renew_loan', { after: 'find_loan' })];
    expect((await grade(expected, record(['find_loan'], ['renew_loan']))).score).toBe(5);
    expect(await grade(expected, record(['renew_loan'], ['find_loan']))).toMatchObject({
      score: 0,
      reason: expect.stringContaining('renew_loan was called before find_loan, not after it'),
    });
    expect(await grade(expected, record(['renew_loan']))).toMatchObject({
      score: 0,
      reason: expect.stringContaining('find_loan, which was not called'),
    });
  });

  it('matches a bare name against the tool name and a colon name only as server:tool', () => {
    expect(nameMatches('find_loan', { name: 'find_loan', server: 'catalog' })).toBe(true);
    expect(nameMatches('catalog:find_loan', { name: 'find_loan', server: 'catalog' })).toBe(true);
    expect(nameMatches('crm:find_loan', { name: 'find_loan', server: 'catalog' })).toBe(false);
    expect(nameMatches('catalog:find_loan', { name: 'find_loan', server: null })).toBe(false);
  });

  it('treats an empty record as "called nothing"', async () => {
    expect(await grade([expect_('find_loan'), expect_('delete_account', { should_run: false })], [])).toMatchObject({
      score: 2.5,
      reason: '1 of 2 tool expectations met: find_loan was not called',
    });
  });

  it('falls back to tool markers in the response text without a record, and says so', async () => {
    const outcome = await grade(
      [expect_('find_loan'), expect_('delete_account', { should_run: false })],
      undefined,
      'I ran [tool: catalog:find_loan] and then replied.',
    );
    expect(outcome).toEqual({
      status: 'scored',
      score: 5,
      reason: `all 2 tool expectations met (${TEXT_FALLBACK_NOTE})`,
    });
    expect((await grade([expect_('find_loan')], undefined, 'Called tool `find_loan`.')).score).toBe(5);
    expect(
      (await grade([expect_('find_loan')], undefined, '<tool_call>{"name": "find_loan", "arguments": {}}</tool_call>'))
        .score,
    ).toBe(5);
  });

  it('fails args and after expectations on the text fallback, with the reason', async () => {
    const outcome = await grade(
      [expect_('find_loan', { args: { card: '1' } }), expect_('renew_loan', { after: 'find_loan' })],
      undefined,
      '[tool: find_loan] [tool: renew_loan]',
    );
    expect(outcome.score).toBe(0);
    expect(outcome.reason).toBe(
      `0 of 2 tool expectations met: find_loan: its args cannot be checked without a tool-call record; renew_loan: its order (after) cannot be checked without a tool-call record (${TEXT_FALLBACK_NOTE})`,
    );
  });
});

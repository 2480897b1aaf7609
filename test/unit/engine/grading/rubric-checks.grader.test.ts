import { describe, expect, it } from 'vitest';
import { rubric } from '../../../../src-shared/model';
import { GRADERS } from '../../../../src-main/engine/grading/registry';
import { rubricChecksGrader } from '../../../../src-main/engine/grading/rubric-checks.grader';
import { fakeJudge } from './fake-judge';
import { makeContext } from './make-context';

const tone = rubric.parse({
  id: 'support_tone',
  version: '1.2.0',
  checks: [
    { id: 'polite', kind: 'must_contain_any', values: ['please'] },
    { id: 'plain', kind: 'format' },
  ],
  scoring: { combine: 'all_pass', threshold: 0.7 },
});

describe('rubric_checks', () => {
  it('is registered and skips without a rubric_ref', async () => {
    expect(GRADERS.get('rubric_checks')).toBe(rubricChecksGrader);
    expect(await rubricChecksGrader.grade(makeContext({ rubric: tone }))).toMatchObject({
      status: 'skipped',
      reason: 'no rubric_ref',
    });
  });

  it('scores the combined verdict × 5 and keeps every check', async () => {
    const outcome = await rubricChecksGrader.grade(
      makeContext({
        rubric: tone,
        question: { rubric_ref: 'support_tone' },
        response: 'Please bring your library card along.',
      }),
    );
    expect(outcome).toMatchObject({
      status: 'scored',
      score: 5,
      reason: 'rubric support_tone@1.2.0: 1.00 (all_pass): passed',
    });
    expect(outcome.checks).toHaveLength(2);
    const failing = await rubricChecksGrader.grade(
      makeContext({ rubric: tone, question: { rubric_ref: 'support_tone' }, response: 'Bring your card.' }),
    );
    expect(failing).toMatchObject({
      status: 'scored',
      score: 0,
      reason: 'rubric support_tone@1.2.0: 0.00 (all_pass): failed; failed: polite, plain',
    });
  });

  it('skips when no check is executable, naming them', async () => {
    const commands = rubric.parse({ id: 'lint', checks: [{ id: 'eslint', kind: 'command', run: 'exit 0' }] });
    const outcome = await rubricChecksGrader.grade(makeContext({ rubric: commands, question: { rubric_ref: 'lint' } }));
    expect(outcome).toMatchObject({
      status: 'skipped',
      reason: expect.stringMatching(
        /^rubric lint@1\.0\.0: no executable checks: eslint \(the workspace is not trusted/,
      ),
    });
  });

  it('is an error when the rubric does not resolve or a judge check fails, keeping the judge calls', async () => {
    expect(await rubricChecksGrader.grade(makeContext({ question: { rubric_ref: 'gone' } }))).toMatchObject({
      status: 'error',
      reason: 'rubric_ref "gone" does not resolve to a loaded rubric',
    });
    const judged = rubric.parse({ id: 'judged', checks: [{ id: 'kind', kind: 'llm_judge', description: 'Is kind.' }] });
    const outcome = await rubricChecksGrader.grade(
      makeContext({ rubric: judged, question: { rubric_ref: 'judged' }, judgeFor: () => fakeJudge('no idea') }),
    );
    expect(outcome.status).toBe('error');
    expect(outcome.judgeCalls).toHaveLength(1);
  });
});

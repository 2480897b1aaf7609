import { describe, expect, it } from 'vitest';
import { rubric } from '../../../../../src-shared/model';
import { checkRegistry, passFail } from '../../../../../src-main/engine/grading/rubric/check-executor';
import { DEFAULT_CHECKS } from '../../../../../src-main/engine/grading/rubric/check-registry';
import { evaluateRubric } from '../../../../../src-main/engine/grading/rubric/evaluate-rubric';
import { CHECK_KINDS } from '../../../../../src-shared/model';
import { makeContext } from '../make-context';
import { CHECK_KIND_SCHEMAS } from '../../../../../src-shared/model';

const tone = rubric.parse({
  id: 'tone',
  checks: [
    { id: 'polite', kind: 'must_contain_any', values: ['please'], weight: 1 },
    { id: 'no_blame', kind: 'must_not_contain', values: ['your fault'], weight: 3 },
    { id: 'lint', kind: 'command', run: 'exit 0' },
  ],
  scoring: { combine: 'weighted_avg', threshold: 0.7 },
});

describe('evaluateRubric', () => {
  it('has an executor for every check kind of the rubric schema', () => {
    expect([...DEFAULT_CHECKS.keys()].sort()).toEqual([...CHECK_KINDS].sort());
  });

  it('combines executed checks, stores every check, and excludes unexecuted ones', async () => {
    const evaluation = await evaluateRubric(tone, makeContext({ response: 'Come back tomorrow.' }));
    expect(evaluation.verdict).toMatchObject({ status: 'executed', score: 0.75, passed: true });
    expect(evaluation.verdict?.reason).toMatch(
      /^0\.75 \(weighted_avg ≥ 0\.7\): passed; failed: polite; not executed: lint \(/,
    );
    expect(evaluation.checks.map((check) => [check.id, check.executed, check.score])).toEqual([
      ['polite', true, 0],
      ['no_blame', true, 1],
      ['lint', false, null],
    ]);
  });

  it('lets a plug-in executor replace or add a kind', async () => {
    const strict = checkRegistry(...DEFAULT_CHECKS.values(), {
      kind: 'command',
      schema: CHECK_KIND_SCHEMAS.command,
      execute: async () => passFail(false, 'plugged in'),
    });
    const evaluation = await evaluateRubric(tone, makeContext({ response: 'please' }), strict);
    expect(evaluation.checks[2]).toMatchObject({ executed: true, passed: false, reason: 'plugged in' });
  });

  it('names checks no executor claims and returns no verdict when nothing ran', async () => {
    const evaluation = await evaluateRubric(tone, makeContext(), checkRegistry());
    expect(evaluation.verdict).toBeUndefined();
    expect(evaluation.checks[0]).toMatchObject({
      executed: false,
      reason: 'no executor for checks of kind "must_contain_any"',
    });
  });
});

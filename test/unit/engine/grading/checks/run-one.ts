// Runs one check through evaluateRubric (so through the default registry) and returns its stored result.
import { rubric } from '../../../../../src-shared/model';
import { evaluateRubric, type RubricEvaluation } from '../../../../../src-main/engine/grading/rubric/evaluate-rubric';
import { makeContext, type ContextOverrides } from '../make-context';

export async function evaluateOne(
  check: Record<string, unknown>,
  overrides: ContextOverrides = {},
): Promise<RubricEvaluation> {
  return evaluateRubric(rubric.parse({ id: 'r', checks: [{ id: 'c', ...check }] }), makeContext(overrides));
}

export async function runOne(check: Record<string, unknown>, overrides: ContextOverrides = {}) {
  const evaluation = await evaluateOne(check, overrides);
  const result = evaluation.checks[0];
  if (!result) throw new Error('no check result');
  return result;
}

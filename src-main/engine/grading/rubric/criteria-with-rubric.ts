// The criteria judges read: the question's criteria with its rubric's check descriptions appended (docs/grading.md).
import type { Question, Rubric, RubricCheck } from '../../../../src-shared/model';

/** Ends the line that opens the rubric block, after "Rubric <label>". */
export const RUBRIC_HEADER_END = ' (checked separately; read as criteria):';

/** The question's criteria, then "Rubric <label>:" and one line per described check (composites indented). */
export function criteriaWithRubric(question: Question, rubric: Rubric | undefined): string {
  const criteria = question.criteria?.trim() ?? '';
  const lines = rubric ? describe(rubric.checks, '') : [];
  if (lines.length === 0) return criteria;
  const block = [`Rubric ${rubric?.label ?? rubric?.id}${RUBRIC_HEADER_END}`, ...lines].join('\n');
  return criteria === '' ? block : `${criteria}\n\n${block}`;
}

function describe(checks: readonly RubricCheck[], indent: string): string[] {
  return checks.flatMap((check) => {
    const own = check.description?.trim() ? [`${indent}- ${check.description.trim()}`] : [];
    return check.kind === 'composite' ? [...own, ...describe(check.checks, `${indent}  `)] : own;
  });
}

// format: format_grader's rules as a check (score / 5); passes only with no violation.
import { executed, type CheckExecutor } from '../rubric/check-executor';
import { formatVerdict } from '../format-rules';
import { CHECK_KIND_SCHEMAS } from '../../../../src-shared/model';

export const formatCheck: CheckExecutor<'format'> = {
  kind: 'format',
  schema: CHECK_KIND_SCHEMAS.format,
  async execute(check, context) {
    const verdict = formatVerdict(
      context.response,
      check.format ?? context.question.expected?.format,
      context.responseCharLimit,
    );
    return executed(verdict.score / 5, verdict.score === 5, verdict.reason);
  },
};

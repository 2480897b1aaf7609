// tool_usage: tool_usage_grader's rules as a check (share of expectations met).
import { executed, notExecuted, type CheckExecutor } from '../rubric/check-executor';
import { toolUsageVerdict } from '../tool-usage-rules';
import { CHECK_KIND_SCHEMAS } from '../../../../src-shared/model';

export const toolUsageCheck: CheckExecutor<'tool_usage'> = {
  kind: 'tool_usage',
  schema: CHECK_KIND_SCHEMAS.tool_usage,
  async execute(_check, context) {
    const verdict = toolUsageVerdict(context.question.expected_tools, context.toolCalls, context.response);
    if (!verdict) return notExecuted('the question has no expected_tools');
    return executed(verdict.met / verdict.total, verdict.met === verdict.total, verdict.reason);
  },
};

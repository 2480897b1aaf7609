// tool_usage_grader: the agent's tool calls against expected_tools, from its record (or, failing that, the response text).
import { GRADER_CATALOG } from '../../../src-shared/model';
import { scored, skipped, type Grader } from './grader';
import { toolUsageVerdict } from './tool-usage-rules';

export const toolUsageGrader: Grader = {
  info: GRADER_CATALOG.tool_usage_grader,
  answerOnly: true,
  async grade(context) {
    const verdict = toolUsageVerdict(context.question.expected_tools, context.toolCalls, context.response);
    if (!verdict) return skipped('no expected_tools');
    return scored((5 * verdict.met) / verdict.total, verdict.reason);
  },
};

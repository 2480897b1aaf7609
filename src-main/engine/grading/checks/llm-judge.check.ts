// llm_judge: the check's description judged by the rubric judge through a template; passes at the check's threshold.
import { checkError, executed, type CheckExecutor } from '../rubric/check-executor';
import { runJudge } from '../judge/run-judge';
import { CHECK_KIND_SCHEMAS } from '../../../../src-shared/model';

export const llmJudgeCheck: CheckExecutor<'llm_judge'> = {
  kind: 'llm_judge',
  schema: CHECK_KIND_SCHEMAS.llm_judge,
  async execute(check, context) {
    const criterion = check.description?.trim() ?? '';
    if (criterion === '') return checkError(`llm_judge check ${check.id} has no description for the judge to check`);
    const result = await runJudge(context, {
      graderId: 'rubric_checks',
      template: check.template,
      criteria: criterion,
      minScore: 0,
      maxScore: 5,
      binary: false,
    });
    if (result.record) context.recordJudgeCall(result.record);
    if (result.score === null) return checkError(`llm_judge check ${check.id}: ${result.error}`);
    const score = result.score / 5;
    return executed(
      score,
      score >= check.threshold,
      `judge: ${result.score}/5 (threshold ${check.threshold})${result.reason ? `: ${result.reason}` : ''}`,
    );
  },
};

// target_match: the response against a reference in the question (a dot path), exactly, normalised, or by chrF / chrF++.
import { executed, notExecuted, passFail, type CheckExecutor } from '../rubric/check-executor';
import { chrf } from '../rubric/chrf';
import { normalizeText } from '../rubric/normalize-text';
import { dotPath } from '../../../../src-shared/text/dot-path';
import { CHECK_KIND_SCHEMAS } from '../../../../src-shared/model';

export const targetMatchCheck: CheckExecutor<'target_match'> = {
  kind: 'target_match',
  schema: CHECK_KIND_SCHEMAS.target_match,
  async execute(check, context) {
    const reference = dotPath(context.question, check.source);
    if (typeof reference !== 'string' || reference === '') return notExecuted(`the question has no ${check.source}`);
    if (check.mode === 'exact')
      return passFail(
        context.response.trim() === reference.trim(),
        `${context.response.trim() === reference.trim() ? 'equals' : 'differs from'} ${check.source}`,
      );
    if (check.mode === 'normalized') {
      const same = normalizeText(context.response) === normalizeText(reference);
      return passFail(same, `${same ? 'equals' : 'differs from'} ${check.source} once normalised`);
    }
    const wordOrder = check.word_order === 1 ? 1 : check.word_order === 2 ? 2 : 0;
    const score = chrf(context.response, reference, { wordOrder });
    const name = wordOrder === 2 ? 'chrF++' : wordOrder === 1 ? 'chrF+' : 'chrF';
    return executed(
      score,
      score >= check.threshold,
      `${name} ${score.toFixed(3)} against ${check.source} (threshold ${check.threshold})`,
    );
  },
};

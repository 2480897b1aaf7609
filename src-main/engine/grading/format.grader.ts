// format_grader: the shape of the response (json decode or the text rules), deterministic and free.
import { GRADER_CATALOG } from '../../../src-shared/model';
import { scored, type Grader } from './grader';
import { formatVerdict } from './format-rules';

export const formatGrader: Grader = {
  info: GRADER_CATALOG.format_grader,
  answerOnly: true,
  async grade(context) {
    const verdict = formatVerdict(context.response, context.question.expected?.format, context.responseCharLimit);
    return scored(verdict.score, verdict.reason);
  },
};

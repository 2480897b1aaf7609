// relevance_grader: is the response on topic and does it address the question? (0-5, reads the text only)
import { GRADER_CATALOG } from '../../../src-shared/model';
import { judgeGrader } from './judge/judge-grader';

export const relevanceGrader = judgeGrader({
  info: GRADER_CATALOG.relevance_grader,
  template: 'judge',
  dimension: 'relevance',
  definition: 'Is the response on topic, and does it address the question that was asked?',
  guidance: [
    '5: directly and fully on topic; it answers the question that was asked.',
    '4: on topic, with a little that does not serve the question.',
    '3: partly on topic, or answers a neighbouring question.',
    '2: mostly off topic.',
    '1: completely off topic.',
    '0: no answer at all.',
  ].join('\n'),
});

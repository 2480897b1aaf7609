// completeness_grader: does the response cover every expected data point? (0-5, reads the text only)
import { GRADER_CATALOG } from '../../../src-shared/model';
import { judgeGrader } from './judge/judge-grader';

export const completenessGrader = judgeGrader({
  info: GRADER_CATALOG.completeness_grader,
  template: 'judge',
  dimension: 'completeness',
  definition: 'Does the response cover all the data points the question and the criteria expect?',
  guidance: [
    '5: every aspect of the question and the criteria is covered.',
    '4: one minor aspect is missing.',
    '3: one important aspect is missing.',
    '2: several aspects are missing.',
    '1: major gaps; most of what was expected is missing.',
    '0: no answer at all.',
  ].join('\n'),
});

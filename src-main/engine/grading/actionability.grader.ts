// actionability_grader: can a reader act on the response text? It says nothing about whether the agent acted.
import { GRADER_CATALOG } from '../../../src-shared/model';
import { judgeGrader } from './judge/judge-grader';

export const actionabilityGrader = judgeGrader({
  info: GRADER_CATALOG.actionability_grader,
  template: 'judge',
  dimension: 'actionability',
  definition:
    'Can a reader take concrete action based on this response? (Whether the assistant itself acted is not the question.)',
  guidance: [
    '5: immediately actionable: concrete steps, values or next actions the reader can follow.',
    '4: actionable, with a detail the reader has to work out.',
    '3: points in the right direction but leaves the reader to find the steps.',
    '2: mostly vague.',
    '1: vague; nothing the reader can act on.',
    '0: no answer at all.',
  ].join('\n'),
});

// groundedness_grader: the binary judge (0 or 1): is every claim supported? Sees the tool calls; its own prompt.
import { GRADER_CATALOG } from '../../../src-shared/model';
import { judgeGrader } from './judge/judge-grader';

export const groundednessGrader = judgeGrader({
  info: GRADER_CATALOG.groundedness_grader,
  template: 'groundedness',
});

// accuracy_grader: are facts, names, numbers and paths correct? Sees expected_facts as GROUND TRUTH and the tool calls.
import { GRADER_CATALOG } from '../../../src-shared/model';
import { judgeGrader } from './judge/judge-grader';

export const accuracyGrader = judgeGrader({
  info: GRADER_CATALOG.accuracy_grader,
  template: 'judge',
  dimension: 'accuracy',
  definition: 'Are the facts, names, numbers and file paths in the response correct?',
  guidance: [
    '5: every fact, name, number and path is correct, and nothing is invented.',
    '4: correct, with a minor imprecision that would not mislead the reader.',
    '3 at most: one critical fact (from the GROUND TRUTH, when given) is missing or wrong.',
    '2 at most: several critical facts are missing or wrong.',
    '1 at most: the response states anything listed under MUST NOT CONTAIN, paraphrases included; this is a hard cap.',
    '0: no answer, or wrong throughout.',
    'A vacuous summary of a tool failure ("no data found", "everyone is available") is inaccurate when the task called for concrete values.',
    'When a TOOL CALLS record is given, a claim that the agent did or looked up something that has no matching call is inaccurate.',
  ].join('\n'),
  groundTruth: true,
});

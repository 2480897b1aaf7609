// fact_match_grader: the response against the verified expected_facts; skips, without a call, when there are none.
import { GRADER_CATALOG } from '../../../src-shared/model';
import { judgeGrader } from './judge/judge-grader';

export const factMatchGrader = judgeGrader({
  info: GRADER_CATALOG.fact_match_grader,
  template: 'judge',
  dimension: 'factuality',
  definition:
    'Does the response state the verified facts of the GROUND TRUTH? Paraphrase and formatting variation are allowed ("Jane Doe" matches "J. Doe", "4500" matches "EUR 4,500").',
  guidance: [
    '5: every fact of the GROUND TRUTH is stated, and nothing contradicts it.',
    '4: every fact is stated, one of them imprecisely.',
    '3: one fact is missing or wrong.',
    '2: several facts are missing or wrong.',
    '1 at most: the response contradicts the GROUND TRUTH, or states anything listed under MUST NOT CONTAIN (paraphrases included).',
    '0: none of the facts is stated.',
  ].join('\n'),
  groundTruth: true,
  skipReason: (context) => ((context.question.expected_facts ?? []).length === 0 ? 'no expected_facts' : undefined),
});

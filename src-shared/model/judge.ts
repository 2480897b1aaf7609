// Judge validation (docs/grading.md): trust states, the validation report, gold items, the labels file, corrected pass rates.
import { z } from 'zod';
import {
  int,
  nullableInt,
  nullableNumber,
  nullableString,
  number,
  optionalBoolean,
  optionalString,
  string,
} from './fields';
import { interval } from './shapes';
import { toolCallRecord } from './tool-call';

export const trustState = z
  .enum(['unvalidated', 'trusted', 'failing', 'insufficient', 'stale'])
  .describe(
    'trusted: at least gold_target_n labels, min_per_class of each class, and TPR and TNR meet the settings; failing: TPR or TNR under them (overall, or in the latest 7-day labelling window); insufficient: not enough labels (not validated); stale: judge model or template changed.',
  );
export type TrustState = z.infer<typeof trustState>;

export const humanLabel = z.enum(['pass', 'fail', 'defer']).describe('pass | fail | defer (defer is ignored).');
export type HumanLabel = z.infer<typeof humanLabel>;

/** The judge a grader uses: provider name, model and prompt template version. */
export const judgeIdentity = z.object({
  provider: string,
  model: string,
  template_version: nullableString,
});
export type JudgeIdentity = z.infer<typeof judgeIdentity>;

/** A judge as one line names it: `provider/model (template v)`. */
export const describeIdentity = (identity: JudgeIdentity): string =>
  `${identity.provider}/${identity.model}${identity.template_version ? ` (template ${identity.template_version})` : ''}`;

/** A judge's verdicts against the human labels: the confusion counts, and TPR and TNR with their intervals. */
export const judgeRates = z.object({
  tp: int,
  tn: int,
  fp: int,
  fn: int,
  tpr: nullableNumber,
  tnr: nullableNumber,
  tpr_ci: interval.nullable(),
  tnr_ci: interval.nullable(),
});

/** The JSON `ai-eval validate-judge --json` prints (docs/grading.md); tpr/tnr are null when their class has no labels. */
export const judgeValidationReport = z.object({
  grader: string,
  n_pos: int,
  n_neg: int,
  ...judgeRates.shape,
  weighted: z
    .boolean()
    .optional()
    .describe(
      'TPR and TNR weight each sampling stratum (judge passed / judge failed) back to its share of the calls it was drawn from; false or absent: a simple random sample, counted as labelled.',
    ),
  state: trustState,
  reason: z
    .string()
    .nullable()
    .describe('Why the judge is not trusted ("not enough labels: label 4 more failures"); null when trusted.'),
});
export type JudgeValidationReport = z.infer<typeof judgeValidationReport>;

/** A validation as computed and stored: the report plus what was ignored and what to warn about. */
export const judgeValidation = judgeValidationReport.extend({
  n_defer: int,
  n_unlabelled: int,
  n_unscored: int,
  n_disputed: int.describe(
    'Labelled items whose reviewers disagree (pass against fail), left out of TPR/TNR until they agree.',
  ),
  judge: judgeIdentity,
  labels_source: string,
  validated_at: int.describe('Epoch milliseconds.'),
  warnings: z.array(string),
  standing: z
    .object({ state: trustState, labels_source: nullableString, note: string })
    .nullable()
    .optional()
    .describe(
      "Present when these labels do not decide the judge's standing (a labels file while its gold set holds agreed labels): the standing they decide and why.",
    ),
});
export type JudgeValidation = z.infer<typeof judgeValidation>;

/** A judge's standing for a verdict: what `ai-eval run`, the result page and the `--json` dump show next to it. */
export const judgeTrust = judgeValidationReport.pick({ grader: true, state: true, tpr: true, tnr: true });
export type JudgeTrust = z.infer<typeof judgeTrust>;

export const correctionEstimator = z
  .enum(['ppi', 'rogan_gladen'])
  .describe(
    "ppi: prediction-powered inference, for labels drawn from the evaluated run's own calls (the judge's verdicts corrected verdict by verdict); rogan_gladen: for labels from other runs (TPR and TNR carried over). Both intervals are posterior intervals of one misclassification model.",
  );
export type CorrectionEstimator = z.infer<typeof correctionEstimator>;

/** One estimator's corrected pass rate: the estimate clipped to [0, 1] and its interval (null: none). */
export const correctionEstimate = z.object({
  estimator: correctionEstimator,
  theta: nullableNumber,
  ci: interval.nullable(),
  note: nullableString.describe('Why there is no estimate or no interval, or why the estimator is not used.'),
});
export type CorrectionEstimate = z.infer<typeof correctionEstimate>;

/** How a gold item was sampled: a stratum of the judge's verdict, or all (a simple random sample). */
export const sampleStratum = z
  .enum(['judge_pass', 'judge_fail', 'all'])
  .describe('judge_pass / judge_fail: a sample stratified on the judge’s verdict; all: a simple random sample.');
export type SampleStratum = z.infer<typeof sampleStratum>;

/** How many more labels or judged answers would be expected to settle a gate whose interval straddles its threshold. */
export const settleAdvice = z
  .object({
    labels: z
      .array(
        z.object({
          kind: z.literal('labels'),
          stratum: sampleStratum.describe(
            'judge_pass / judge_fail: answers the judge passed / failed; all: drawn as the labels were.',
          ),
          more: int,
        }),
      )
      .describe('More agreed labels, cheapest first (each option alone).'),
    answers: nullableInt.describe('More judged answers of the run alone; null: answers alone cannot settle it.'),
    both: z
      .object({ labels: int, answers: int })
      .nullable()
      .describe('When neither alone would: more labels and more judged answers together.'),
    note: nullableString.describe('Why no count is given.'),
  })
  .describe(
    'From the posterior the interval is drawn from: the count at which the interval would clear the threshold if the estimate holds.',
  );
export type SettleAdvice = z.infer<typeof settleAdvice>;

/**
 * The corrected pass rate of a trusted judge: `estimator` says which one `theta` and `ci` come from and `why`;
 * `estimates` holds both (the one not used says why in its note).
 */
export const correctedPassRate = correctionEstimate.extend({
  why: string.describe('Why this estimator, in words: where the labels come from and what it assumes.'),
  estimates: z.array(correctionEstimate),
  grader: string,
  n: int.describe('Scored questions (nP).'),
  passed: int.describe('Questions the judge passed (kP).'),
  observed: number.describe('p = kP / nP.'),
  theta: nullableNumber.describe('Clipped to [0, 1]; null when TPR + TNR - 1 is not above 0.'),
  confidence: number,
  note: nullableString.describe('Why there is no estimate or no interval.'),
  settle: settleAdvice
    .nullable()
    .optional()
    .describe('Present when a gate on it is inconclusive or not shown to pass: what would settle it.'),
});
export type CorrectedPassRate = z.infer<typeof correctedPassRate>;

/** What a judge read beside the answer, taken back from its stored prompt's criteria fence. */
export const judgeSaw = z.object({
  criteria: nullableString.describe('The question’s own criteria; null when it had none.'),
  rubric: z
    .object({ label: string, checks: z.array(string) })
    .nullable()
    .describe('The rubric’s check descriptions, read as criteria.'),
  expected_facts: z.array(string),
  must_not_contain: z.array(string),
  tool_calls: z
    .array(string)
    .nullable()
    .describe('The tool-call lines the judge read (names and arguments); null when it was shown none.'),
});
export type JudgeSaw = z.infer<typeof judgeSaw>;

/** One item of a judge's gold set, labelled in the workbench or taken from a sample. */
export const goldItem = z.object({
  id: string,
  grader: string,
  judge_call_id: nullableInt,
  question: string,
  response: string,
  human_label: humanLabel.nullable(),
  judge_score: nullableNumber,
  judge_reason: nullableString,
  created_at: int,
  judge_saw: judgeSaw.nullable().describe('Null when the judge’s prompt is no longer stored.'),
  tool_calls: z
    .array(toolCallRecord)
    .nullable()
    .describe('The answer’s tool calls as the run recorded them, results included; null for a chat answer.'),
});
export type GoldItem = z.infer<typeof goldItem>;

/**
 * One item of the labeling fixture written by `ai-eval sample-traces`. The judge's answers are listed apart, after every
 * item (`judge_answers`), so the labeller reads them only after labelling; files written before that carry them here.
 */
export const labelsFileItem = z.strictObject({
  id: z.union([int, string.min(1)]).describe('The judge call id.'),
  run_id: nullableString.optional(),
  question_id: nullableString.optional(),
  question: optionalString,
  response: optionalString,
  human_label: humanLabel.nullable().describe('Set to pass, fail or defer; null means not labelled yet.'),
  notes: nullableString.optional(),
  judge_score: nullableNumber.optional().describe('The judge’s score on its own scale (older files).'),
  judge_reason: nullableString.optional(),
});
export type LabelsFileItem = z.infer<typeof labelsFileItem>;

/** The judge's answer to one item, listed at the end of the labeling fixture. */
export const labelsFileJudgeAnswer = z.strictObject({
  id: z.union([int, string.min(1)]).describe('The judge call id, as in items.'),
  judge_score: nullableNumber.describe('The judge’s score on its own scale.'),
  judge_reason: nullableString.optional(),
  // The sampling design names the judge's verdict (its stratum), so it is listed with the judge's answers.
  stratum: sampleStratum.nullable().optional(),
  inclusion_probability: z
    .number()
    .gt(0)
    .lte(1)
    .nullable()
    .optional()
    .describe('The chance this item had of being sampled: its stratum’s sampled share of the eligible calls.'),
});

export const labelsFile = z.strictObject({
  grader: optionalString,
  judge: judgeIdentity.partial().optional(),
  seed: int.optional(),
  window_days: number.optional(),
  stratified: optionalBoolean,
  sampled_at: optionalString,
  items: z.array(labelsFileItem).min(1, 'the file lists no items'),
  judge_answers: z.array(labelsFileJudgeAnswer).optional(),
});
export type LabelsFile = z.infer<typeof labelsFile>;

/** One line for a verdict: "relevance_grader: unvalidated", "accuracy_grader: failing (TPR 0.80, TNR 0.95)". */
export function describeTrust(trust: JudgeTrust): string {
  const rates = trust.tpr !== null || trust.tnr !== null ? ` (TPR ${fmt(trust.tpr)}, TNR ${fmt(trust.tnr)})` : '';
  return `${trust.grader}: ${trust.state}${rates}`;
}

const fmt = (x: number | null) => (x === null ? 'n/a' : x.toFixed(2));

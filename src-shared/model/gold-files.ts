// The label files of a workspace (docs/labels.md): a gold item of a judge, a reviewer's label line, a validation line.
import { z } from 'zod';
import { int, nullableNumber, nullableString, number, string } from './fields';
import { judgeIdentity, sampleStratum } from './judge';
import { dimensionName, dimensionScore, labelTag, labelVerdict, reviewerName } from './label';

/** Where every judge's gold set lives in a workspace: `labels/<grader>/`. */
export const LABELS_DIR = 'labels';

/** A gold item's id: a content hash (`g-` and 16 hex digits) or, for a promoted trace, `tr-<grader>-<trace id>`. */
export const goldItemId = string.regex(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,159}$/, 'must be a gold item id (g-<16 hex>)');

/** A label or validation line's id: 16 random hex digits, so two machines never write the same one. */
export const lineId = string.regex(/^[0-9a-f]{16}$/, 'must be 16 hex digits');

/** A time as an ISO 8601 string in UTC ("2025-06-01T10:00:00.000Z"). */
export const isoTime = string.regex(
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/,
  'must be a UTC time like 2025-06-01T10:00:00.000Z',
);

/** The first 16 hex digits of a SHA-256. */
export const shortHash = string.regex(/^[0-9a-f]{16}$/, 'must be 16 hex digits (the start of a SHA-256)');

/** How an item entered the gold set: its sample's seed, the stratum it was drawn from and its chance of being drawn. */
export const goldSampleDesign = z.strictObject({
  seed: int.nullable().describe('The seed of the sample (null: not recorded).'),
  stratum: sampleStratum
    .nullable()
    .describe('judge_pass / judge_fail: drawn from the calls the judge passed / failed; all: a simple random sample.'),
  inclusion_probability: number
    .gt(0)
    .lte(1)
    .nullable()
    .describe(
      'The chance this item had of being drawn: its stratum’s sampled share of the eligible calls (n_h / N_h).',
    ),
});
export type GoldSampleDesign = z.infer<typeof goldSampleDesign>;

/** What the judge said about the answer, and which judge it was (null fields: not recorded). */
export const goldJudge = z.strictObject({
  provider: nullableString,
  model: nullableString,
  template_version: nullableString,
  score: nullableNumber.describe('The judge’s score on its own scale.'),
  verdict: z.enum(['pass', 'fail']).nullable().describe('The judge’s verdict when it was sampled.'),
  reason: nullableString,
});
export type GoldJudge = z.infer<typeof goldJudge>;

/** `labels/<grader>/items/<id>.yaml`: one gold item, with everything validation and labelling need. */
export const goldItemFile = z.strictObject({
  id: goldItemId,
  grader: string,
  question_id: nullableString.describe('The dataset question it answers; null for a promoted trace.'),
  question_hash: shortHash.describe('SHA-256 of the question text (first 16 hex digits).'),
  question: string,
  answer: string.describe('The answer as the judge saw it.'),
  source: z.strictObject({ run: nullableString, trace: nullableString }).describe('The run or trace it came from.'),
  added_at: isoTime,
  sample: goldSampleDesign.nullable().describe('null: promoted by hand, or sampled before designs were recorded.'),
  judge: goldJudge.nullable().describe('null: no judge has scored it (a promoted trace).'),
});
export type GoldItemFile = z.infer<typeof goldItemFile>;

/** A reviewer's label of one item: the line replaces that reviewer's earlier lines for the item. */
export const labelLine = z.strictObject({
  id: lineId,
  item: goldItemId,
  verdict: labelVerdict.optional(),
  dimensions: z.record(dimensionName, dimensionScore).optional(),
  tags: z.array(labelTag).max(50).optional(),
  note: string.max(20_000).optional(),
  reviewer: reviewerName,
  at: isoTime,
});
export type LabelLine = z.infer<typeof labelLine>;

/** Takes back the label line `undo` names: the reviewer's previous label of the item (if any) counts again. */
export const undoLine = z.strictObject({
  id: lineId,
  item: goldItemId,
  undo: lineId,
  reviewer: reviewerName,
  at: isoTime,
});
export type UndoLine = z.infer<typeof undoLine>;

export const reviewerLine = z.union([undoLine, labelLine]);
export type ReviewerLine = z.infer<typeof reviewerLine>;

/** `labels/<grader>/validations.jsonl`: one `validate-judge` of the grader, its counts and the judge it measured. */
export const validationLine = z.strictObject({
  id: lineId,
  at: isoTime,
  reviewer: reviewerName.describe('Who ran the validation.'),
  source: string.describe('labels/<grader> for the gold set, file:<path> for a labels file.'),
  judge: judgeIdentity.strict(),
  tp: int.min(0),
  tn: int.min(0),
  fp: int.min(0),
  fn: int.min(0),
  state: z.enum(['trusted', 'failing', 'insufficient']),
  design: z
    .array(
      z.strictObject({
        stratum: sampleStratum,
        weight: number.gt(0),
        tp: int.min(0),
        fn: int.min(0),
        fp: int.min(0),
        tn: int.min(0),
      }),
    )
    .optional()
    .describe(
      'The counts by sampling stratum and weight (calls each label stands for), which TPR and TNR were weighted by; absent: one simple random sample.',
    ),
});
export type ValidationLine = z.infer<typeof validationLine>;

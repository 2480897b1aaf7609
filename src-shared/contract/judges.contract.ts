// Calls of the judges screen: trust of every LLM grader, sampling its calls into a gold set, validating against labels.
import { z } from 'zod';
import { boolean, int, nullableInt, nullableString, number, string } from '../model/fields';
import { call, event, noInput } from '../rpc/define';
import {
  correctedPassRate,
  goldItem,
  graderId,
  judgeIdentity,
  judgeTrust,
  judgeValidation,
  judgeValidationReport,
  interval,
  reviewerName,
  trustState,
  workspaceIssue,
} from '../model';

export const judgeSummary = z.object({
  grader: graderId,
  label: string,
  minScore: number,
  maxScore: number,
  seesToolCalls: boolean,
  observesActions: boolean,
  usedBy: z.array(string).describe('Targets that attach this grader.'),
  judge: judgeIdentity
    .nullable()
    .describe('The judge it uses now; null when none is configured and it was never called.'),
  state: trustState,
  staleReason: nullableString,
  validation: judgeValidationReport.nullable().describe('The latest validation under the current thresholds.'),
  validatedAt: nullableInt.describe('Epoch milliseconds.'),
  validatedJudge: judgeIdentity.nullable(),
  labelsSource: nullableString,
  gold: z.object({ items: int, labelled: int, targetN: int }),
  cochranN: int.describe('Labels needed for the settings’ confidence and margin of error.'),
  judgeCalls: int,
  warnings: z.array(string),
});
export type JudgeSummary = z.infer<typeof judgeSummary>;

/** How far the reviewers who labelled the same items agree on pass/fail, in one group (a judge, or a label tag). */
export const reviewerAgreement = z.object({
  scope: z.enum(['grader', 'tag']).describe('grader: the gold items of one judge; tag: the items whose label has it.'),
  group: z.string().describe('The grader id or the tag.'),
  statistic: z
    .enum(['cohen_kappa', 'krippendorff_alpha'])
    .describe("Cohen's κ for two reviewers, Krippendorff's α for more."),
  value: z.number().nullable().describe('null: undefined, e.g. every label of one class.'),
  ci: interval
    .nullable()
    .describe('Percentile bootstrap over items (seeded); null when too few items or too many resamples are undefined.'),
  ciNote: z.string().nullable().describe('Why there is no interval; null when there is one.'),
  level: z.number(),
  items: z.number().int().describe('Items that two or more named reviewers labelled pass or fail.'),
  reviewers: z.array(z.string()),
  disagreements: z.number().int().describe('Of those items, the ones whose reviewers gave different verdicts.'),
});
export type ReviewerAgreement = z.infer<typeof reviewerAgreement>;

export const judgeSampleResult = z.object({
  seed: int.describe('Pass it again to draw the same sample.'),
  requested: int.describe('How many items were asked for.'),
  windowDays: number,
  judge: judgeIdentity.nullable().describe('The judge whose calls were sampled.'),
  population: z
    .number()
    .int()
    .describe('Eligible judge calls the sample was drawn from: distinct calls by the current judge in the window.'),
  excluded: z
    .object({
      scoredInWindow: int.describe('Scored calls of the grader in the window, before exclusions.'),
      byOtherJudge: int.describe('Made by another judge model or template version.'),
      repeats: int.describe('Repeats of an identical prompt (same question, criteria and answer).'),
    })
    .describe('Why the population can be smaller than the calls made.'),
  added: int.describe('Gold items that were new (already sampled calls keep their labels).'),
  judgePasses: int.describe('Sampled calls the judge passed.'),
  items: z.array(goldItem),
});

export type JudgeSampleResult = z.infer<typeof judgeSampleResult>;

/** What to sample: a grader's stored calls of the last `windowDays`, stratified by the judge's verdict, seeded. */
const sampleRequest = z.object({
  grader: graderId,
  n: int.min(1).max(10000).default(30),
  windowDays: number.positive().default(30),
  seed: int.min(0).optional(),
  stratify: boolean.default(true),
});

export const judgesContract = {
  /** Every LLM grader with its judge, trust state, counts, TPR/TNR with intervals, last validation and gold set size. */
  'judges.list': call(() => ({ input: noInput, output: z.array(judgeSummary) })),
  /**
   * Samples a judge's stored calls (stratified by its verdict, seeded) into its gold set: one file per item in
   * labels/<grader>/items/ (an item already there keeps its file and labels). Labels are then given with
   * `labels.submit`, subject_type 'gold_item' and the gold item's id.
   */
  'judges.sample': call(() => ({ input: sampleRequest, output: judgeSampleResult })),
  /**
   * The same sample as `judges.sample`, written as a YAML labeling file (`ai-eval sample-traces`) instead of into the
   * gold set: nothing is stored. The caller saves `yaml` and labels it for `judges.validate` with `labelsFile`.
   */
  'judges.sampleFile': call(() => ({
    input: sampleRequest,
    output: z.object({
      yaml: string,
      seed: int,
      judge: judgeIdentity.nullable(),
      population: int,
      items: int,
      judgePasses: int.describe('Sampled calls the judge passed.'),
    }),
  })),
  /**
   * Where a judge's gold set lives in the workspace (paths relative to it): its folder, the file the reviewer's labels
   * go to (the reviewer in the user's settings unless named), and the problems found in its files.
   */
  'judges.goldSetFiles': call(() => ({
    input: z.object({ grader: graderId, reviewer: reviewerName.optional() }),
    output: z.object({
      folder: string.describe('labels/<grader>'),
      reviewerFile: string.describe('labels/<grader>/reviewers/<name>.jsonl'),
      reviewer: string.describe('Whose file it is ("" : the unnamed reviewer).'),
      issues: z.array(workspaceIssue).describe('Lines and files of the gold set that could not be read, and why.'),
    }),
  })),
  /** A judge's gold items with their current labels (the workbench's label wins over the stored one). */
  'judges.goldItems': call(() => ({ input: z.object({ grader: graderId }), output: z.array(goldItem) })),
  /**
   * Validates a judge against its labelled gold items, or against a labels file (`ai-eval sample-traces`) when
   * `labelsFile` is given, and stores the result. A file with problems is refused (bad_input) with the problems as
   * details, each naming `labelsName` (default: the path), line and item.
   */
  'judges.validate': call(() => ({
    input: z.object({
      grader: graderId,
      labelsFile: string.min(1).max(4096).optional(),
      labelsName: string.min(1).max(4096).optional(),
    }),
    output: judgeValidation,
  })),
  /**
   * Agreement between named reviewers where two or more labelled the same items pass or fail (defers and the unnamed
   * reviewer left out): per judge over its gold items, and per label tag over any labelled subject.
   */
  'judges.agreement': call(() => ({ input: noInput, output: z.array(reviewerAgreement) })),
  /** The trust of each LLM grader among these ids, for showing next to a verdict (deterministic graders are left out). */
  'judges.trustFor': call(() => ({ input: z.object({ graderIds: z.array(string) }), output: z.array(judgeTrust) })),
  /**
   * The Rogan-Gladen pass rate with its Lang & Reiczigel interval for `passed` judge passes out of `n` scored
   * questions; null unless the judge is trusted.
   */
  'judges.correctedPassRate': call(() => ({
    input: z
      .object({ grader: graderId, n: int.min(0), passed: int.min(0) })
      .refine((v) => v.passed <= v.n, 'passed must be <= n'),
    output: correctedPassRate.nullable(),
  })),
  /**
   * Label files of these judges changed on disk (a label given elsewhere, a `git pull`, an edit) and the store's index
   * of them was brought up to date: their gold sets, labels, agreement and trust may read differently now.
   */
  'judges.goldSetChanged': event(() => z.object({ graders: z.array(graderId) })),
} as const;

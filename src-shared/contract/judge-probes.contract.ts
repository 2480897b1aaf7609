// Calls of the labeling workbench and judges screen that probe a judge: active labeling order, drift, length bias.
import { z } from 'zod';
import { call } from '../rpc/define';
import { graderId, interval, judgeRates } from '../model';

const stratum = z.enum(['judge_pass', 'judge_fail']);

export const activeLabelingPlan = z.object({
  rule: z.string().describe('The ordering rule in words, as the workbench shows it.'),
  interval: z
    .literal('rogan_gladen')
    .describe(
      "Whose width is measured: the Rogan-Gladen estimate's posterior interval, labels weighted back to their strata.",
    ),
  observed: z
    .object({ n: z.number().int(), passed: z.number().int() })
    .describe("The judge's verdicts the corrected pass rate is for: its stored scored calls."),
  width: z.number().describe('The interval width now (1: no interval yet).'),
  order: z
    .array(z.object({ id: z.string(), stratum: stratum.nullable(), expectedWidth: z.number().nullable() }))
    .describe('Unlabelled gold items, the one to label next first; stratum null: the judge gave no score.'),
  strata: z.array(z.object({ stratum, unlabelled: z.number().int(), expectedWidth: z.number(), gain: z.number() })),
  history: z
    .array(z.object({ id: z.string(), before: z.number(), after: z.number(), labelledAt: z.number().int() }))
    .describe('The width before and after each pass/fail label so far, in label-time order.'),
  stop: z.object({
    stepPp: z.number(),
    over: z.number().int(),
    stoppedPaying: z.boolean().describe('The last `over` labels shrank the width by less than `stepPp` points.'),
  }),
  reviewers: z
    .array(z.object({ reviewer: z.string(), labelled: z.number().int(), of: z.number().int() }))
    .describe("Each reviewer's own progress: items they labelled of the gold set's; '' is the unnamed reviewer."),
  nothingLeft: z.string().nullable().describe('When no item is left to label: how to get more items.'),
});
export type ActiveLabelingPlan = z.infer<typeof activeLabelingPlan>;

export const driftWindow = z.object({
  from: z.number().int().describe('First day of the window, epoch ms of 00:00 UTC.'),
  to: z.number().int().describe('Last day of the window, epoch ms of 00:00 UTC.'),
  days: z.string().describe('The window in words, e.g. "Nov 21–27".'),
  ...judgeRates.shape,
  check: z.enum(['meets', 'out', 'too_few']),
  below: z.array(z.object({ rate: z.enum(['TPR', 'TNR']), value: z.number(), min: z.number() })),
  reason: z.string().nullable(),
});
export type DriftWindowDto = z.infer<typeof driftWindow>;

export const lengthBiasDto = z.object({
  method: z.literal('spearman'),
  n: z.number().int(),
  r: z.number(),
  ci: interval,
  confidence: z.number(),
  words: z.string(),
});

export const judgeProbes = z.object({
  windowDays: z.number().int(),
  rule: z
    .object({ min_tpr: z.number(), min_tnr: z.number(), min_per_class: z.number().int() })
    .describe('The trust rule each window is checked against (settings).'),
  windows: z.array(driftWindow).describe('Labelling windows of the gold set, oldest first; empty ones left out.'),
  latestOut: z
    .string()
    .nullable()
    .describe('Why the latest window takes the judge’s trust (its TPR or TNR is under the rule); null otherwise.'),
  lengthBias: lengthBiasDto
    .nullable()
    .describe('Judge score against answer length over its stored calls; null below 4 calls or without variation.'),
});
export type JudgeProbes = z.infer<typeof judgeProbes>;

export const judgeProbesContract = {
  /**
   * The judge's unlabelled gold items in active-labeling order (the label expected to shrink the corrected pass
   * rate's interval most first), the width now and before/after each label so far, and whether labels stopped paying.
   */
  'judges.activeOrder': call(() => ({
    input: z.object({
      grader: graderId,
      stepPp: z.number().min(0).max(100).default(0.5).describe('Percentage points: less shrink than this stops.'),
      over: z.number().int().min(1).max(50).default(3).describe('Over this many last labels.'),
    }),
    output: activeLabelingPlan,
  })),
  /** A judge's TPR/TNR per 7-day labelling window and its length-bias probe (score against answer length). */
  'judges.probes': call(() => ({ input: z.object({ grader: graderId }), output: judgeProbes })),
} as const;

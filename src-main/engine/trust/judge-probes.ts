// What the workbench and the judges screen probe of a judge from the store: active labeling order, drift, length bias.
import type { ActiveLabelingPlan, JudgeProbes } from '../../../src-shared/contract/judge-probes.contract';
import { GRADER_CATALOG, type GraderId } from '../../../src-shared/model';
import type { JudgeCallRow } from '../../store/repos/judges.repo';
import type { StoreApi } from '../../store/store';
import {
  ACTIVE_LABELING_RULE,
  activeOrder,
  countsOf,
  stoppedPaying,
  widthHistory,
  type ActiveItem,
} from './active-labeling';
import { DRIFT_WINDOW_DAYS, judgeDrift, latestWindowOut } from './judge-drift';
import { comparedLabel, goldLabels, NOTHING_LEFT_TO_LABEL, type GoldLabel } from './gold-labels';
import { currentJudgeIdentity, type JudgeSetup } from './judge-identity';
import { judgePasses, notEnoughLabels } from './judge-stats';
import { lengthBias } from './length-bias';
import { firstOfEachPrompt } from './sample-judge-calls';

/** The grader's scored calls by the judge it uses now (all its calls when no judge is known). */
async function currentJudgeCalls(db: StoreApi, config: JudgeSetup, grader: GraderId): Promise<JudgeCallRow[]> {
  const [calls, judge] = await Promise.all([
    db.judges.scoredCalls(grader, 0),
    currentJudgeIdentity(db, config, grader),
  ]);
  return judge ? calls.filter((c) => c.provider === judge.provider && c.model === judge.model) : calls;
}

/** The gold set as active labeling sees it, in the plain queue's order, with the agreed labels, times and design. */
function activeItems(config: JudgeSetup, grader: GraderId, gold: readonly GoldLabel[]): ActiveItem[] {
  const scale = GRADER_CATALOG[grader];
  const threshold = config.settings.question_pass_threshold;
  return gold.map((item) => {
    const { human, disputed } = comparedLabel(item);
    return {
      id: item.id,
      judgePass: item.judgeScore === null ? null : judgePasses(item.judgeScore, scale, threshold),
      human,
      disputed,
      labelledAt: item.agreed.at,
      stratum: item.stratum,
      inclusionProbability: item.inclusionProbability,
    };
  });
}

/** Each reviewer's own progress through the gold set ("ben: 3 of 21"), by name; '' is the unnamed reviewer. */
function reviewerProgress(gold: readonly GoldLabel[]): ActiveLabelingPlan['reviewers'] {
  const labelled = new Map<string, number>();
  for (const item of gold)
    for (const reviewer of new Set(item.verdicts.map((v) => v.reviewer)))
      labelled.set(reviewer, (labelled.get(reviewer) ?? 0) + 1);
  return [...labelled]
    .map(([reviewer, count]) => ({ reviewer, labelled: count, of: gold.length }))
    .sort((a, b) => a.reviewer.localeCompare(b.reviewer));
}

/**
 * The active labeling plan of a grader's gold set (see ACTIVE_LABELING_RULE). The corrected pass rate is that of the
 * judge's verdicts on its stored scored calls by the current judge; with none, on the gold items' own verdicts.
 */
export async function activeLabelingPlan(
  db: StoreApi,
  config: JudgeSetup,
  grader: GraderId,
  stop: Readonly<{ stepPp: number; over: number }>,
): Promise<ActiveLabelingPlan> {
  const scale = GRADER_CATALOG[grader];
  const threshold = config.settings.question_pass_threshold;
  const [gold, calls] = await Promise.all([goldLabels(db, grader), currentJudgeCalls(db, config, grader)]);
  const items = activeItems(config, grader, gold);
  const verdicts =
    calls.length > 0
      ? calls.map((c) => judgePasses(c.score, scale, threshold))
      : items.flatMap((item) => (item.judgePass === null ? [] : [item.judgePass]));
  const observed = { n: verdicts.length, passed: verdicts.filter(Boolean).length };
  const { confidence } = config.settings.judges;
  const { width, strata, order } = activeOrder(items, observed, confidence);
  const expectedOf = new Map(strata.map((s) => [s.stratum, s.expectedWidth]));
  const history = widthHistory(items, observed, confidence);
  return {
    rule: ACTIVE_LABELING_RULE,
    interval: 'rogan_gladen',
    observed,
    width,
    order: order.map((item) => {
      const stratum = item.judgePass === null ? null : item.judgePass ? 'judge_pass' : 'judge_fail';
      return { id: item.id, stratum, expectedWidth: stratum === null ? null : (expectedOf.get(stratum) ?? null) };
    }),
    strata,
    history,
    // Never before the trust rule's minimum counts: labels still pay until the judge can be validated at all.
    stop: {
      ...stop,
      stoppedPaying:
        notEnoughLabels(countsOf(items), config.settings.judges) === null &&
        stoppedPaying(history, stop.stepPp / 100, stop.over),
    },
    reviewers: reviewerProgress(gold),
    nothingLeft: gold.length > 0 && order.length === 0 ? NOTHING_LEFT_TO_LABEL : null,
  };
}

/** A grader's drift windows, whether the latest takes its trust, and its length-bias probe. */
export async function judgeProbes(db: StoreApi, config: JudgeSetup, grader: GraderId): Promise<JudgeProbes> {
  const [windows, calls] = await Promise.all([judgeDrift(db, config, grader), currentJudgeCalls(db, config, grader)]);
  // Distinct answers only, as sampling counts them: an identical replayed answer is one point, not many.
  const pairs = firstOfEachPrompt(calls).map((c) => ({ score: c.score, length: c.responseSeen.length }));
  const { min_tpr, min_tnr, min_per_class, confidence } = config.settings.judges;
  return {
    windowDays: DRIFT_WINDOW_DAYS,
    rule: { min_tpr, min_tnr, min_per_class },
    windows,
    latestOut: latestWindowOut(windows),
    lengthBias: lengthBias(pairs, confidence),
  };
}

// The verdict of a run from what its store holds: the gate on the stored results, the judges' trust and, when one
// trusted judge decides pass/fail, the corrected pass rate (docs/grading.md). A run and a merge of shards share it.
import type { Target, Verdict } from '../../../src-shared/model';
import { decidingJudge, judgeAdvisory, type ObservedPasses } from '../trust/corrected-pass-rate';
import type { JudgeSetup } from '../trust/judge-identity';
import { judgePasses } from '../trust/judge-stats';
import { computeVerdict, type PerQuestion } from '../scoring/verdict';
import { adaptiveErrorBound, fullVerdict, settledVerdict, type AdaptiveRule } from '../scoring/adaptive-repeats';
import { binomialAtLeast } from '../stats/binomial';
import { doneCount, type Tally } from '../scoring/tally';
import type { StoreApi } from '../../store/store';
import type { QuestionPasses } from '../../store/repos/results.repo';

/** How each estimator's interval is computed, as the verdict's `method` names it. */
export const ESTIMATOR_METHOD = {
  rogan_gladen:
    'Rogan-Gladen (TPR and TNR carried over from the labelled runs), 95% posterior interval of a misclassification ' +
    'model with Jeffreys priors on the labels and the run',
  ppi:
    "prediction-powered (the run's judge verdicts corrected verdict by verdict by labels of its own calls), 95% " +
    'posterior interval of a misclassification model with Jeffreys priors on the labels and the run',
} as const;

/** The deciding judge's verdicts in this run: questions it scored and those it passed. */
async function observedPasses(
  db: StoreApi,
  runId: string,
  graderId: string,
  threshold: number,
  quarantined: readonly string[],
): Promise<ObservedPasses> {
  let n = 0;
  let passed = 0;
  for (const group of await db.results.graderScoreCounts(runId, graderId, quarantined)) {
    n += group.n;
    if (judgePasses(group.score, group, threshold)) passed += group.n;
  }
  return { n, passed };
}

/** What the verdict of a run is measured against. */
export type VerdictBasis = Readonly<{
  /** Questions (× repeats) planned: coverage is scored / total. */
  total: number;
  target: Pick<Target, 'graders' | 'gate'>;
  passThreshold: number;
  /** The run's quarantined questions and how many of `total` they planned: the gate leaves them out. */
  quarantine?: Readonly<{ ids: readonly string[]; total: number }>;
  /** An adaptive run's rule: coverage counts the repeats asked, and the gate weighs each question once. */
  adaptive?: AdaptiveRule;
}>;

/**
 * Each question once (quarantine left out): whether its verdict passes, and its mean score over its scored repeats.
 * The gate counts verdicts, not shares of passing repeats: stopping once the verdict is settled pushes a question's
 * share away from one half (biasing a mean of shares upward), but leaves its verdict that of all N repeats but for
 * the stated bound.
 */
function perQuestionOf(
  rows: readonly QuestionPasses[],
  quarantined: readonly string[],
  rule: AdaptiveRule,
): PerQuestion {
  const left = new Set(quarantined);
  const counted = rows.filter((row) => row.trials > 0 && !left.has(row.questionId));
  const passes = (row: QuestionPasses) =>
    (settledVerdict(row.passes, row.trials, rule) ?? fullVerdict(row.passes, row.trials)) === 'pass';
  return {
    questions: counted.length,
    passed: counted.filter(passes).length,
    scoreSum: counted.reduce((sum, row) => sum + row.scoreSum / row.trials, 0),
  };
}

/**
 * The run-level bound: with each of `questions` verdicts off its all-N verdict with chance at most `bound`, the
 * number off is at most k with 95% confidence (the binomial quantile); the gate's pass rate is within k / questions.
 */
export function runLevelBound(questions: number, bound: number): number {
  if (questions === 0) return 0;
  let k = 0;
  while (k < questions && binomialAtLeast(k + 1, questions, bound) > 0.05) k += 1;
  return k / questions;
}

const pct = (value: number) => `${(value * 100).toFixed(2)}%`;

/** The stored tallies a verdict reads: the whole run's and its quarantine's. */
export type StoredTallies = Readonly<{ all: Tally; quarantine: Tally | undefined }>;

/**
 * An adaptive run measured against what it asked (the settled questions' skipped repeats are saved, not missing),
 * each question weighed once, and what it saved: from its tallies and each question's scored repeats.
 */
export function adaptiveFigures(
  planned: number,
  tallies: StoredTallies,
  rows: readonly QuestionPasses[],
  quarantined: readonly string[],
  rule: AdaptiveRule,
) {
  const asked = doneCount(tallies.all);
  const bound = adaptiveErrorBound(rule);
  const perQuestion = perQuestionOf(rows, quarantined, rule);
  const runBound = runLevelBound(perQuestion.questions, bound);
  const report = {
    planned,
    asked,
    saved: planned - asked,
    min_repeats: rule.minRepeats,
    confidence: rule.confidence,
    error_bound: bound,
    run_bound: runBound,
  };
  return {
    total: asked,
    quarantineTotal: tallies.quarantine ? doneCount(tallies.quarantine) : 0,
    perQuestion,
    report,
    note:
      `adaptive repeats: ${asked} of ${planned} asked, ${report.saved} saved with their calls; the pass rate is the ` +
      `share of questions whose verdict passes, each verdict that of all ${rule.repeat} repeats but for at most ` +
      `${pct(bound)}, so the pass rate is within ${pct(runBound)} of all ${rule.repeat} repeats' (95%)`,
  };
}

/** The gate's questions (quarantine left out) as clusters of their scored repeats, for the pass rate's interval. */
export const gateClusters = (rows: readonly QuestionPasses[], quarantined: readonly string[]) => {
  const left = new Set(quarantined);
  return rows.filter((row) => !left.has(row.questionId)).map(({ passes, trials }) => ({ passes, trials }));
};

/** The verdict of the run's stored results; it reads what was stored, so every process that wrote results counts. */
export async function storedRunVerdict(
  db: StoreApi,
  runId: string,
  basis: VerdictBasis,
  judgeSetup: JudgeSetup,
): Promise<Verdict> {
  const { target, passThreshold, quarantine } = basis;
  const quarantined = quarantine?.ids ?? [];
  const tallies: StoredTallies = {
    all: await db.results.tally(runId),
    quarantine: quarantined.length > 0 ? await db.results.tally(runId, quarantined) : undefined,
  };
  const rows = await db.results.questionPasses(runId);
  const adaptive = basis.adaptive
    ? adaptiveFigures(basis.total, tallies, rows, quarantined, basis.adaptive)
    : undefined;
  const total = adaptive?.total ?? basis.total;
  const decider = decidingJudge(target);
  const observed = decider ? await observedPasses(db, runId, decider, passThreshold, quarantined) : undefined;
  const advisory = await judgeAdvisory(db, judgeSetup, target, observed, runId);
  const corrected = advisory.corrected_pass_rate;
  const correctedPassRate =
    corrected && corrected.theta !== null
      ? {
          estimate: corrected.theta,
          ci: corrected.ci,
          estimator: corrected.estimator,
          estimates: corrected.estimates,
          why: corrected.why,
          method: ESTIMATOR_METHOD[corrected.estimator],
          grader: corrected.grader,
          n: corrected.n,
          passed: corrected.passed,
          observed: corrected.observed,
          confidence: corrected.confidence,
          note: corrected.note,
          settle: corrected.settle ?? null,
        }
      : null;
  const verdict = computeVerdict({
    tally: tallies.all,
    total,
    gate: target.gate,
    questionPassThreshold: passThreshold,
    corrected: correctedPassRate,
    quarantine:
      quarantine && tallies.quarantine
        ? { ids: quarantined, total: adaptive?.quarantineTotal ?? quarantine.total, tally: tallies.quarantine }
        : undefined,
    perQuestion: adaptive?.perQuestion,
    clusters: gateClusters(rows, quarantined),
  });
  const reported = { ...verdict, judges: advisory.judges, corrected_pass_rate: correctedPassRate };
  return adaptive
    ? { ...reported, reason: `${verdict.reason}; ${adaptive.note}`, adaptive: adaptive.report }
    : reported;
}

// The bias-corrected pass rate (PPI++ or Rogan-Gladen) of a target whose pass/fail comes from one trusted judge, and the advisory for verdicts.
import type {
  CorrectedPassRate,
  CorrectionEstimate,
  GraderId,
  JudgeTrust,
  JudgeValidationReport,
  Target,
} from '../../../../src-shared/model';
import type { StoreApi } from '../../../store/store';
import type { JudgeSetup } from './judge-identity';
import { isLlmJudge, judgeStanding, judgeTrustFor, type JudgeStanding } from './judge-standing';
import { zForConfidence } from '../../stats/normal-quantile';
import { postStratifiedWeights, ppiMean } from './ppi';
import { langReiczigelInterval, roganGladen } from '../../stats/rogan-gladen';

/** The run's count for the deciding judge: questions it scored (nP) and those it passed (kP, see judgePasses). */
export type ObservedPasses = Readonly<{ n: number; passed: number }>;

/** The LLM grader whose verdict decides the target's pass/fail: `gate.judge`, or the target's only grader when it is a judge. */
export function decidingJudge(target: Pick<Target, 'graders' | 'gate'>): GraderId | undefined {
  if (target.gate.judge) return target.gate.judge;
  const [only, ...rest] = target.graders;
  return only !== undefined && rest.length === 0 && isLlmJudge(only) ? only : undefined;
}

const clip01 = (x: number) => Math.min(1, Math.max(0, x));

/** Rogan-Gladen with the Lang & Reiczigel interval, from the validation's counts and the run's verdicts. */
function roganGladenEstimate(report: JudgeValidationReport, observed: ObservedPasses, z: number): CorrectionEstimate {
  const counts = {
    nP: observed.n,
    kP: observed.passed,
    nSe: report.n_pos,
    kSe: report.tp,
    nSp: report.n_neg,
    kSp: report.tn,
  };
  const theta = roganGladen(counts);
  const ci = langReiczigelInterval(counts, z);
  const note =
    theta === null
      ? 'TPR + TNR = 1: the judge carries no information'
      : ci === null
        ? 'no interval: the judge is no better than chance'
        : null;
  return { estimator: 'rogan_gladen', theta, ci, note };
}

/**
 * PPI++ on the labelled items (each a human label y and the judge's verdict f, which the confusion counts hold
 * exactly) and the run's verdicts, post-stratified by the judge's verdict (the gold set is sampled stratified).
 */
function ppiEstimate(report: JudgeValidationReport, observed: ObservedPasses, confidence: number): CorrectionEstimate {
  const cells: [number, number, number][] = [
    [1, 1, report.tp],
    [1, 0, report.fn],
    [0, 1, report.fp],
    [0, 0, report.tn],
  ];
  const y = cells.flatMap(([yi, , k]) => Array<number>(k).fill(yi));
  const f = cells.flatMap(([, fi, k]) => Array<number>(k).fill(fi));
  const run = [...Array<number>(observed.passed).fill(1), ...Array<number>(observed.n - observed.passed).fill(0)];
  const w = postStratifiedWeights(f, run);
  const result = w ? ppiMean({ y, f, w }, run, confidence) : null;
  if (!result)
    return { estimator: 'ppi++', theta: null, ci: null, note: 'no labelled item with a verdict the run gave' };
  return {
    estimator: 'ppi++',
    theta: clip01(result.theta),
    ci: [clip01(result.ci[0]), clip01(result.ci[1])],
    note: null,
  };
}

/**
 * The corrected pass rate of a trusted judge; null when the judge is not trusted or nothing was scored. Both
 * estimators are computed; the one used is PPI++ when it has an interval, else Rogan-Gladen (Lang & Reiczigel).
 */
export function correctedPassRate(
  standing: Pick<JudgeStanding, 'grader' | 'state' | 'report'>,
  observed: ObservedPasses,
  confidence: number,
): CorrectedPassRate | null {
  const report = standing.report;
  if (standing.state !== 'trusted' || !report || observed.n === 0) return null;
  const ppi = ppiEstimate(report, observed, confidence);
  const rg = roganGladenEstimate(report, observed, zForConfidence(confidence));
  const used = ppi.ci !== null ? ppi : rg;
  return {
    estimator: used.estimator,
    estimates: [ppi, rg],
    grader: standing.grader,
    n: observed.n,
    passed: observed.passed,
    observed: observed.passed / observed.n,
    theta: used.theta,
    ci: used.ci,
    confidence,
    note: used.note,
  };
}

export type JudgeAdvisory = Readonly<{ judges: JudgeTrust[]; corrected_pass_rate: CorrectedPassRate | null }>;

/**
 * What a verdict carries about its judges (docs/grading.md): the trust of every LLM grader of the target and, when one
 * trusted judge decides pass/fail, the corrected pass rate. `observed` counts that judge's verdicts in the run.
 */
export async function judgeAdvisory(
  db: StoreApi,
  config: JudgeSetup,
  target: Pick<Target, 'graders' | 'gate'>,
  observed: ObservedPasses | undefined,
): Promise<JudgeAdvisory> {
  const judges = await judgeTrustFor(
    db,
    config,
    target.gate.judge ? [...target.graders, target.gate.judge] : target.graders,
  );
  const decider = decidingJudge(target);
  if (!decider || !observed) return { judges, corrected_pass_rate: null };
  const standing = await judgeStanding(db, config, decider);
  return { judges, corrected_pass_rate: correctedPassRate(standing, observed, config.settings.judges.confidence) };
}

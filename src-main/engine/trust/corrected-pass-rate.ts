// The bias-corrected pass rate (PPI++ or Rogan-Gladen) of a target whose pass/fail comes from one trusted judge, and the advisory for verdicts.
import type { CorrectedPassRate, CorrectionEstimate, GraderId, JudgeTrust, Target } from '../../../src-shared/model';
import type { StoreApi } from '../../store/store';
import type { JudgeSetup } from './judge-identity';
import { isLlmJudge, judgeStanding, judgeTrustFor, type JudgeStanding, type StandingLabels } from './judge-standing';
import { ownCallsEstimate, roganGladenEstimate } from '../stats/corrected-rate';
import { gateUnsettled, moreToSettle, type CorrectedGate } from '../stats/settle';

/** The run's count for the deciding judge: questions it scored (nP) and those it passed (kP, see judgePasses). */
export type ObservedPasses = Readonly<{ n: number; passed: number }>;

/** The LLM grader whose verdict decides the target's pass/fail: `gate.judge`, or the target's only grader when it is a judge. */
export function decidingJudge(target: Pick<Target, 'graders' | 'gate'>): GraderId | undefined {
  if (target.gate.judge) return target.gate.judge;
  const [only, ...rest] = target.graders;
  return only !== undefined && rest.length === 0 && isLlmJudge(only) ? only : undefined;
}

/** Why each estimator is used, in the words the verdict, the run page and the envelope show. */
export const ESTIMATOR_WHY = {
  ppi:
    "the labels are a random sample of this run's own judge calls: the judge's verdicts on the whole run, corrected " +
    'verdict by verdict by the labels (prediction-powered inference)',
  rogan_gladen:
    'the labels come from other runs: Rogan-Gladen carries the judge’s TPR and TNR over to this run, which holds ' +
    'when the judge errs at the same rates whatever the pass rate',
} as const;

const NOT_OWN =
  "not used: only for labels drawn from this run's own calls (it carries P(human | judge) over, which moves when the pass rate does)";

/** Whether every label the standing compared is of a judge call made in `runId`. */
const fromOwnCalls = (labels: StandingLabels, runId: string | undefined) =>
  runId !== undefined && labels.runIds.length > 0 && labels.runIds.every((id) => id === runId);

/**
 * The corrected pass rate of a trusted judge; null when the judge is not trusted or nothing was scored. Labels drawn
 * from the evaluated run's own calls (`runId`) give the prediction-powered estimate (Rogan-Gladen beside it); labels
 * from other runs give Rogan-Gladen only. Both intervals are the posterior intervals of one misclassification model
 * (stats/corrected-rate.ts), which carry the labels' uncertainty as well as the run's.
 */
export function correctedPassRate(
  standing: Pick<JudgeStanding, 'grader' | 'state' | 'labels'>,
  observed: ObservedPasses,
  confidence: number,
  runId?: string,
  gate?: CorrectedGate,
): CorrectedPassRate | null {
  const labels = standing.labels;
  if (standing.state !== 'trusted' || !labels || observed.n === 0) return null;
  const own = fromOwnCalls(labels, runId);
  const rg: CorrectionEstimate = {
    estimator: 'rogan_gladen',
    ...roganGladenEstimate(labels.cells, observed, confidence),
  };
  const ppi: CorrectionEstimate = own
    ? { estimator: 'ppi', ...ownCallsEstimate(labels.cells, observed, confidence) }
    : { estimator: 'ppi', theta: null, ci: null, note: NOT_OWN };
  const used = own && ppi.ci !== null ? ppi : rg;
  const settle =
    gate && used.theta !== null && used.ci && gateUnsettled(gate, used.ci)
      ? moreToSettle(used.estimator, labels.cells, observed, gate.threshold, confidence)
      : null;
  return {
    estimator: used.estimator,
    why: ESTIMATOR_WHY[used.estimator],
    estimates: [ppi, rg],
    grader: standing.grader,
    n: observed.n,
    passed: observed.passed,
    observed: observed.passed / observed.n,
    theta: used.theta,
    ci: used.ci,
    confidence,
    note: used.note,
    settle,
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
  runId?: string,
): Promise<JudgeAdvisory> {
  const judges = await judgeTrustFor(
    db,
    config,
    target.gate.judge ? [...target.graders, target.gate.judge] : target.graders,
  );
  const decider = decidingJudge(target);
  if (!decider || !observed) return { judges, corrected_pass_rate: null };
  const standing = await judgeStanding(db, config, decider);
  const confidence = config.settings.judges.confidence;
  const gate = target.gate.metric === 'corrected_pass_rate' ? target.gate : undefined;
  return { judges, corrected_pass_rate: correctedPassRate(standing, observed, confidence, runId, gate) };
}

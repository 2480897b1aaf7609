// The bias-corrected pass rate of a target whose pass/fail comes from one trusted judge, and the advisory for verdicts.
import type { CorrectedPassRate, GraderId, JudgeTrust, Target } from '../../../../src-shared/model';
import type { StoreApi } from '../../../store/store';
import type { JudgeSetup } from './judge-identity';
import { isLlmJudge, judgeStanding, judgeTrustFor, type JudgeStanding } from './judge-standing';
import { zForConfidence } from './normal-quantile';
import { langReiczigelInterval, roganGladen } from './rogan-gladen';

/** The run's count for the deciding judge: questions it scored (nP) and those it passed (kP, see judgePasses). */
export type ObservedPasses = Readonly<{ n: number; passed: number }>;

/** The LLM grader whose verdict decides the target's pass/fail: `gate.judge`, or the target's only grader when it is a judge. */
export function decidingJudge(target: Pick<Target, 'graders' | 'gate'>): GraderId | undefined {
  if (target.gate.judge) return target.gate.judge;
  const [only, ...rest] = target.graders;
  return only !== undefined && rest.length === 0 && isLlmJudge(only) ? only : undefined;
}

/**
 * θ = Rogan-Gladen with the Lang & Reiczigel interval, from a trusted judge's validation counts; null when the
 * judge is not trusted or nothing was scored. `note` says why θ or its interval is missing.
 */
export function correctedPassRate(
  standing: Pick<JudgeStanding, 'grader' | 'state' | 'report'>,
  observed: ObservedPasses,
  confidence: number,
): CorrectedPassRate | null {
  const report = standing.report;
  if (standing.state !== 'trusted' || !report || observed.n === 0) return null;
  const counts = {
    nP: observed.n,
    kP: observed.passed,
    nSe: report.n_pos,
    kSe: report.tp,
    nSp: report.n_neg,
    kSp: report.tn,
  };
  const theta = roganGladen(counts);
  const ci = langReiczigelInterval(counts, zForConfidence(confidence));
  const note =
    theta === null
      ? 'TPR + TNR = 1: the judge carries no information'
      : ci === null
        ? 'no interval: the judge is no better than chance'
        : null;
  return {
    grader: standing.grader,
    n: observed.n,
    passed: observed.passed,
    observed: observed.passed / observed.n,
    theta,
    ci,
    confidence,
    note,
  };
}

export type JudgeAdvisory = Readonly<{ judges: JudgeTrust[]; corrected_pass_rate: CorrectedPassRate | null }>;

/**
 * What a verdict carries about its judges (SPEC 7, 11): the trust of every LLM grader of the target and, when one
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

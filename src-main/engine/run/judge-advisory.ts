// Adds the judges' trust and, when one trusted judge decides pass/fail, the corrected pass rate to a verdict (SPEC 7, 11).
import type { Verdict } from '../../../src-shared/model';
import { decidingJudge, judgeAdvisory, type ObservedPasses } from '../judges/corrected-pass-rate';
import { judgeSetupOf } from '../judges/judge-identity';
import { judgePasses } from '../judges/judge-stats';
import type { StoreApi } from '../../store/store';
import type { RunPlan, ValidWorkspace } from './plan';

export const CORRECTION_METHOD = 'rogan-gladen with the Lang & Reiczigel interval';

/** The deciding judge's verdicts in this run: questions it scored and those it passed. */
async function observedPasses(
  db: StoreApi,
  runId: string,
  graderId: string,
  threshold: number,
): Promise<ObservedPasses> {
  let n = 0;
  let passed = 0;
  for (const group of await db.results.graderScoreCounts(runId, graderId)) {
    n += group.n;
    if (judgePasses(group.score, group, threshold)) passed += group.n;
  }
  return { n, passed };
}

export async function withJudgeAdvisory(
  verdict: Verdict,
  db: StoreApi,
  workspace: ValidWorkspace,
  plan: RunPlan,
  runId: string,
): Promise<Verdict> {
  const decider = decidingJudge(plan.target);
  const observed = decider ? await observedPasses(db, runId, decider, plan.passThreshold) : undefined;
  const advisory = await judgeAdvisory(db, judgeSetupOf(workspace), plan.target, observed);
  const corrected = advisory.corrected_pass_rate;
  return {
    ...verdict,
    judges: advisory.judges,
    corrected_pass_rate:
      corrected && corrected.theta !== null
        ? {
            estimate: corrected.theta,
            ci: corrected.ci,
            method: CORRECTION_METHOD,
            grader: corrected.grader,
            n: corrected.n,
            passed: corrected.passed,
            observed: corrected.observed,
            confidence: corrected.confidence,
            note: corrected.note,
          }
        : null,
  };
}

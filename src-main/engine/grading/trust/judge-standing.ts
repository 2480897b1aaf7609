// A judge's trust now: its latest validation under the current settings and its latest labelling window, or unvalidated, or stale.
import {
  GRADER_CATALOG,
  type GraderId,
  type JudgeIdentity,
  type JudgeTrust,
  type JudgeValidationReport,
  type TrustState,
} from '../../../../src-shared/model';
import type { StoreApi } from '../../../store/store';
import { judgeDrift, latestWindowOut } from './judge-drift';
import { currentJudgeIdentity, staleReason, type JudgeSetup } from './judge-identity';
import { validationReport, type JudgeThresholds } from './judge-stats';

export type JudgeStanding = Readonly<{
  grader: GraderId;
  state: TrustState;
  /** The latest validation's counts with TPR/TNR, intervals and state recomputed under the current settings. */
  report: JudgeValidationReport | null;
  /** The judge used now (null: none configured and never called). */
  judge: JudgeIdentity | null;
  /** The judge the latest validation measured. */
  validatedJudge: JudgeIdentity | null;
  validatedAt: number | null;
  labelsSource: string | null;
  staleReason: string | null;
}>;

export const isLlmJudge = (graderId: string): graderId is GraderId =>
  Object.hasOwn(GRADER_CATALOG, graderId) && GRADER_CATALOG[graderId as GraderId].kind === 'llm_judge';

/** The standing of one LLM grader: unvalidated, stale, or the state its latest labels give under the current thresholds. */
export async function judgeStanding(db: StoreApi, config: JudgeSetup, grader: GraderId): Promise<JudgeStanding> {
  const [validation, judge] = await Promise.all([
    db.judges.latestValidation(grader),
    currentJudgeIdentity(db, config, grader),
  ]);
  if (!validation) {
    return {
      grader,
      state: 'unvalidated',
      report: null,
      judge,
      validatedJudge: null,
      validatedAt: null,
      labelsSource: null,
      staleReason: null,
    };
  }
  const thresholds: JudgeThresholds = config.settings.judges;
  const { tp, tn, fp, fn } = validation.report;
  const recomputed = validationReport(grader, { tp, tn, fp, fn }, thresholds);
  const stale = staleReason(validation.judge, judge);
  // A trusted judge whose latest labelling window falls out of the trust rule is failing, with that window as reason.
  const drifted =
    !stale && recomputed.state === 'trusted' ? latestWindowOut(await judgeDrift(db, config, grader)) : null;
  const state: TrustState = stale ? 'stale' : drifted ? 'failing' : recomputed.state;
  return {
    grader,
    state,
    report: { ...recomputed, state, reason: stale ?? drifted ?? recomputed.reason },
    judge,
    validatedJudge: validation.judge,
    validatedAt: validation.createdAt,
    labelsSource: validation.labelsSource,
    staleReason: stale,
  };
}

export const toJudgeTrust = (standing: JudgeStanding): JudgeTrust => ({
  grader: standing.grader,
  state: standing.state,
  tpr: standing.report?.tpr ?? null,
  tnr: standing.report?.tnr ?? null,
});

/** The trust of each LLM grader among `graderIds` (others are not judges and are left out), in the given order. */
export async function judgeTrustFor(
  db: StoreApi,
  config: JudgeSetup,
  graderIds: readonly string[],
): Promise<JudgeTrust[]> {
  const judges = [...new Set(graderIds)].filter(isLlmJudge);
  const standings = await Promise.all(judges.map((grader) => judgeStanding(db, config, grader)));
  return standings.map(toJudgeTrust);
}

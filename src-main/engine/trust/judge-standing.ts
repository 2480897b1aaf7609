// A judge's standing now, computed once from one set of labels (the gold set's agreed labels, else the latest labels
// file validated): its report, its latest labelling window, stale or not. Validation, drift, the judges table,
// banners, target cards, verdicts, the CLI and envelopes all read it.
import {
  GRADER_CATALOG,
  type GraderId,
  type JudgeIdentity,
  type JudgeTrust,
  type JudgeValidationReport,
  type TrustState,
} from '../../../src-shared/model';
import type { StoreApi } from '../../store/store';
import type { StoredValidation } from '../../store/repos/judges.repo';
import { goldSetDir } from '../../workspace/labels/label-paths';
import type { LabelCell } from '../stats/label-cells';
import {
  goldLabels,
  isCompared,
  labelledScoresOf,
  NOTHING_LEFT_TO_LABEL,
  nothingLeftToLabel,
  type GoldLabel,
} from './gold-labels';
import { goldDrift, latestWindowOut, type DriftWindow } from './judge-drift';
import { currentJudgeIdentity, dominantIdentity, identityOfCall, staleReason, type JudgeSetup } from './judge-identity';
import { confusionOf, validationReport, type Confusion } from './judge-stats';

/** The labels a standing was computed from: their cells and the runs their judge calls came from. */
export type StandingLabels = Readonly<{
  cells: readonly LabelCell[];
  /** The run of each compared label's judge call (null: unknown); all the evaluated run's: labels of its own calls. */
  runIds: readonly (string | null)[];
}>;

export type JudgeStanding = Readonly<{
  grader: GraderId;
  state: TrustState;
  /** TPR/TNR, intervals and state of the labels under the current settings (latest window and staleness applied). */
  report: JudgeValidationReport | null;
  /** The judge used now (null: none configured and never called). */
  judge: JudgeIdentity | null;
  /** The judge the labels measured. */
  validatedJudge: JudgeIdentity | null;
  /** When the labels were last validated (a gold set never validated: when its labels last changed). */
  validatedAt: number | null;
  labelsSource: string | null;
  staleReason: string | null;
  labels: StandingLabels | null;
  /** The gold set's confusion (with what was left out); null for a labels file's validation. */
  confusion: Confusion | null;
  /** The 7-day labelling windows of the gold set, oldest first. */
  windows: DriftWindow[];
  /** A labels file validated that does not decide (the gold set's agreed labels do), in words; null otherwise. */
  setAside?: string | null;
}>;

export const isLlmJudge = (graderId: string): graderId is GraderId =>
  Object.hasOwn(GRADER_CATALOG, graderId) && GRADER_CATALOG[graderId as GraderId].kind === 'llm_judge';

const UNVALIDATED = { report: null, validatedJudge: null, validatedAt: null, labelsSource: null, staleReason: null };

/** The state the labels' report, staleness and the latest labelling window make, with the reason. */
export function standingOf(report: JudgeValidationReport, stale: string | null, windows: readonly DriftWindow[]) {
  // A trusted judge whose latest labelling window falls out of the trust rule is failing, with that window as reason.
  const drifted = !stale && report.state === 'trusted' ? latestWindowOut(windows) : null;
  const state: TrustState = stale ? 'stale' : drifted ? 'failing' : report.state;
  return { state, report: { ...report, state, reason: stale ?? drifted ?? report.reason } };
}

/** The standing the gold set's agreed labels give. */
async function fromGold(
  db: StoreApi,
  config: JudgeSetup,
  grader: GraderId,
  gold: readonly GoldLabel[],
  judge: JudgeIdentity | null,
  validation: StoredValidation | undefined,
): Promise<JudgeStanding> {
  const items = labelledScoresOf(gold);
  const confusion = confusionOf(items, GRADER_CATALOG[grader], config.settings.question_pass_threshold);
  const compared = gold.filter(isCompared);
  // The judge the labels measured: as the gold items record it, else as this store's calls do.
  const recorded = compared.flatMap((g) => (g.judge ? [{ identity: g.judge, at: g.createdAt }] : []));
  const calls =
    recorded.length > 0
      ? []
      : await db.judges.callsByIds(compared.flatMap((g) => (g.judgeCallId === null ? [] : [g.judgeCallId])));
  const scored = calls
    .filter((call) => call.graderId === grader)
    .map((call) => ({ identity: identityOfCall(call), at: call.createdAt }));
  const validatedJudge = dominantIdentity(recorded.length > 0 ? recorded : scored)?.identity ?? judge;
  const stale = validatedJudge ? staleReason(validatedJudge, judge) : null;
  const windows = goldDrift(gold, config, grader);
  // Validated when the gold set's latest validation was run; never validated: when its labels last changed.
  const times = gold.flatMap((g) => (g.agreed.at === null ? [] : [g.agreed.at]));
  const validatedAt = validation?.createdAt ?? (times.length > 0 ? Math.max(...times) : null);
  return {
    grader,
    judge,
    validatedJudge,
    validatedAt,
    labelsSource: goldSetDir(grader),
    staleReason: stale,
    labels: { cells: confusion.cells, runIds: compared.map((g) => g.runId) },
    confusion,
    windows,
    ...standingOf(withNothingLeft(validationReport(grader, confusion, config.settings.judges), gold), stale, windows),
  };
}

/**
 * A report short of labels whose gold set has nothing left to label: it says what the rule still needs and how to get
 * more items, never "label N more" of items that do not exist.
 */
function withNothingLeft(report: JudgeValidationReport, gold: readonly GoldLabel[]): JudgeValidationReport {
  if (report.state !== 'insufficient' || !report.reason || !nothingLeftToLabel(gold)) return report;
  const needs = report.reason.replace(/^not enough labels: label /, 'not enough labels: the trust rule needs ');
  const nothingLeft = NOTHING_LEFT_TO_LABEL.replace(/^N/, 'n').replace(/\.$/, '');
  return { ...report, reason: `${needs}; ${nothingLeft}` };
}

/** The standing a labels file's stored validation gives (no gold labels to read). */
function fromValidation(
  config: JudgeSetup,
  grader: GraderId,
  validation: StoredValidation,
  judge: JudgeIdentity | null,
): JudgeStanding {
  const { tp, tn, fp, fn } = validation.report;
  const cells = validation.cells ?? undefined;
  const report = validationReport(grader, { tp, tn, fp, fn, cells }, config.settings.judges);
  const stale = staleReason(validation.judge, judge);
  return {
    grader,
    judge,
    validatedJudge: validation.judge,
    validatedAt: validation.createdAt,
    labelsSource: validation.labelsSource,
    staleReason: stale,
    labels: { cells: cells ?? [{ stratum: 'all', weight: 1, tp, fn, fp, tn }], runIds: [] },
    confusion: null,
    windows: [],
    ...standingOf(report, stale, []),
  };
}

/** The one rule of which labels decide a standing, in the words the judges screen and the CLI say it. */
export const WHICH_LABELS_DECIDE =
  'the gold set’s agreed labels decide a judge’s standing while it holds any; a labels file decides only for a judge ' +
  'whose gold set has none';

/** Why a labels file validated for a judge whose gold set holds agreed labels does not decide its standing. */
export const labelsFileSetAside = (labelsSource: string): string =>
  `${labelsSource.replace(/^file:/, '')} was validated but does not decide: ${WHICH_LABELS_DECIDE}; label its items in the workbench to count them`;

/**
 * The standing of one LLM grader (WHICH_LABELS_DECIDE). The gold set's agreed labels decide when it holds any label
 * the judge can be compared with; otherwise the latest validated labels file; otherwise the judge is unvalidated.
 */
export async function judgeStanding(db: StoreApi, config: JudgeSetup, grader: GraderId): Promise<JudgeStanding> {
  const [gold, validation, judge] = await Promise.all([
    goldLabels(db, grader),
    db.judges.latestValidation(grader),
    currentJudgeIdentity(db, config, grader),
  ]);
  // A validation of the gold set's own labels adds only its time; one of a labels file stands on its own.
  const ofGoldSet = (source: string) => source === goldSetDir(grader) || source === 'store';
  const goldValidation = validation && ofGoldSet(validation.labelsSource) ? validation : undefined;
  if (gold.some(isCompared)) {
    const standing = await fromGold(db, config, grader, gold, judge, goldValidation);
    const file = validation && !ofGoldSet(validation.labelsSource) ? validation.labelsSource : null;
    return { ...standing, setAside: file ? labelsFileSetAside(file) : null };
  }
  if (validation && !ofGoldSet(validation.labelsSource)) return fromValidation(config, grader, validation, judge);
  const confusion =
    gold.length > 0
      ? confusionOf(labelledScoresOf(gold), GRADER_CATALOG[grader], config.settings.question_pass_threshold)
      : null;
  return { grader, state: 'unvalidated', judge, ...UNVALIDATED, labels: null, confusion, windows: [] };
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

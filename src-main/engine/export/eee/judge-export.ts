// The llm_scoring of each judged grader: the judge's model info, its trust (TPR/TNR) and the prompt it was given.
import type {
  JudgeTrust,
  JudgeValidationReport,
  ProviderConfig,
  RunIdentity,
  TrustState,
} from '../../../../src-shared/model';
import type { JudgeExport } from './build-results';
import type { StringMap } from './eee-types';
import { modelInfoOf } from './eee-names';
import type { RunStats } from '../../scoring/run-stats';

/** A judge's standing now as the caller computed it (engine/trust's `judgeStanding` has this shape). */
export type HandedStanding = Readonly<{
  state: TrustState;
  report: JudgeValidationReport | null;
  validatedAt: number | null;
  labelsSource: string | null;
  staleReason: string | null;
}>;

/** What export is handed about the workspace's judges; it reads no trust or template code itself. */
export type JudgeFacts = Readonly<{
  /** The standing now of an LLM judge's grader; null for any other grader or a workspace without judge settings. */
  standing(graderId: string): Promise<HandedStanding | null>;
  /** The template's text when the recorded version tag ("judge@1.0.0") is still what the workspace would load. */
  templateText(tag: string): string | undefined;
}>;

export type JudgeExportDeps = Readonly<{
  judges: JudgeFacts;
  providers: Readonly<Record<string, ProviderConfig>>;
  now: number;
}>;

const iso = (ms: number) => new Date(ms).toISOString();

/** TPR and TNR as strings, left out when a class had no labels (null). */
const rates = (tpr: number | null, tnr: number | null): StringMap => ({
  ...(tpr !== null ? { judge_tpr: String(tpr) } : {}),
  ...(tnr !== null ? { judge_tnr: String(tnr) } : {}),
});

/** The judge's sampling temperature as sent (settings record what was requested and what was sent). */
function temperatureOf(settings: Record<string, unknown> | null): number | undefined {
  const sent = settings?.sent;
  const value =
    typeof sent === 'object' && sent !== null ? (sent as Record<string, unknown>).temperature : settings?.temperature;
  return typeof value === 'number' ? value : undefined;
}

/**
 * The judge's trust: as the verdict recorded it when the run completed (trust_as_of: run), else as it stands now;
 * the calibration (labels, intervals, date) is always its latest validation's.
 */
async function trustDetails(
  deps: JudgeExportDeps,
  graderId: string,
  atCompletion: JudgeTrust | undefined,
): Promise<StringMap> {
  const details: StringMap = {};
  const standing = await deps.judges.standing(graderId);
  if (standing) {
    const report = standing.report;
    Object.assign(details, { trust_state: standing.state, trust_as_of: iso(deps.now) });
    if (report) {
      Object.assign(details, rates(report.tpr, report.tnr), { calibration_n: String(report.n_pos + report.n_neg) });
      if (report.tpr_ci) details.judge_tpr_ci = JSON.stringify(report.tpr_ci);
      if (report.tnr_ci) details.judge_tnr_ci = JSON.stringify(report.tnr_ci);
    }
    if (standing.validatedAt !== null) details.calibrated_at = iso(standing.validatedAt);
    if (standing.labelsSource !== null) details.calibration_set = standing.labelsSource;
    if (standing.staleReason !== null) details.stale_reason = standing.staleReason;
  }
  if (atCompletion) {
    delete details.judge_tpr;
    delete details.judge_tnr;
    Object.assign(
      details,
      { trust_state: atCompletion.state, trust_as_of: 'run' },
      rates(atCompletion.tpr, atCompletion.tnr),
    );
  }
  return details;
}

/** One entry per grader that had a judge in the run's identity snapshot; `trust` is the verdict's (at completion). */
export async function judgeExports(
  deps: JudgeExportDeps,
  identity: RunIdentity,
  stats: RunStats,
  trust: readonly JudgeTrust[],
): Promise<Map<string, JudgeExport>> {
  const exports = new Map<string, JudgeExport>();
  for (const judge of identity.judges) {
    const provider = deps.providers[judge.provider];
    const info = modelInfoOf(
      { name: judge.provider, kind: provider?.kind ?? 'unknown', baseUrl: provider?.base_url ?? null },
      judge.model,
    );
    const temperature = temperatureOf(judge.settings);
    const additional: StringMap = {
      template_version: judge.templateVersion ?? 'unknown',
      ...(await trustDetails(
        deps,
        judge.graderId,
        trust.find((t) => t.grader === judge.graderId),
      )),
    };
    if (judge.settings) additional.settings_json = JSON.stringify(judge.settings);
    const inputPrompt =
      (judge.templateVersion === null ? undefined : deps.judges.templateText(judge.templateVersion)) ??
      stats.graders.get(judge.graderId)?.judgePrompt ??
      `judge template ${judge.templateVersion ?? 'unknown'} (its text was not available at export)`;
    exports.set(judge.graderId, {
      judge: {
        model_info: info,
        ...(temperature !== undefined ? { temperature } : {}),
        additional_details: additional,
      },
      inputPrompt,
    });
  }
  return exports;
}

// Pure selectors of the optimizer screens (unit-tested without React): badges, numbers, grouping, strip-plot layout.
import type { TargetSummary } from '../../../src-shared/contract/targets.contract';
import type {
  CandidateStatus,
  CandidateSummary,
  OptimizerJob,
  QuestionDelta,
  VariantComparison,
} from '../../../src-shared/model';
import type { Status } from '../../components/status';

/** Each candidate status as a badge: a word and an icon, never colour alone. */
const CANDIDATE_LOOKS: Readonly<Record<CandidateStatus, Readonly<{ status: Status; label: string }>>> = {
  pending: { status: 'pending', label: 'pending review' },
  applied: { status: 'pass', label: 'applied' },
  rejected: { status: 'skipped', label: 'rejected' },
  reverted: { status: 'cancelled', label: 'reverted' },
};

/** A candidate's status as a badge. */
export const candidateLook = (status: CandidateStatus): Readonly<{ status: Status; label: string }> =>
  CANDIDATE_LOOKS[status];

/** `2.00 ± 0.30`; `± ?` when one run left the spread unknown; `—` when nothing was scored. */
export function meanSpread(mean: number | null, sd: number | null): string {
  if (mean === null) return '—';
  return `${mean.toFixed(2)} ± ${sd === null ? '?' : sd.toFixed(2)}`;
}

/** candidate − baseline, when both were measured. */
export const gainOf = (candidate: Pick<CandidateSummary, 'baselineMean' | 'candidateMean'>): number | null =>
  candidate.baselineMean === null || candidate.candidateMean === null
    ? null
    : candidate.candidateMean - candidate.baselineMean;

export type TargetGroup = Readonly<{
  targetId: string;
  target: TargetSummary | undefined;
  candidates: readonly CandidateSummary[];
}>;

/** One group per target of the workspace (in its order), then groups for candidates of targets no longer there. */
export function groupByTarget(
  targets: readonly TargetSummary[],
  candidates: readonly CandidateSummary[],
): TargetGroup[] {
  const groups: TargetGroup[] = targets.map((target) => ({
    targetId: target.id,
    target,
    candidates: candidates.filter((c) => c.targetId === target.id),
  }));
  const known = new Set(targets.map((target) => target.id));
  const orphans = [...new Set(candidates.map((c) => c.targetId).filter((id) => !known.has(id)))];
  return [
    ...groups,
    ...orphans.map((targetId) => ({
      targetId,
      target: undefined,
      candidates: candidates.filter((c) => c.targetId === targetId),
    })),
  ];
}

/** The job a target shows: its running job, else its latest one. */
export function jobOf(
  jobs: Readonly<Record<string, OptimizerJob>>,
  targetId: string,
  kind: OptimizerJob['kind'] = 'optimize',
): OptimizerJob | undefined {
  const mine = Object.values(jobs)
    .filter((job) => job.targetId === targetId && job.kind === kind)
    .sort((a, b) => b.startedAt - a.startedAt);
  return mine.find((job) => job.status === 'running') ?? mine[0];
}

/** Why a finished job stopped short (an error, a refusal, a crash), or null when it ran to a decision or still runs. */
export function jobFailure(job: OptimizerJob | undefined): string | null {
  if (!job || job.status === 'running') return null;
  if (job.error) return job.error;
  const outcome = job.outcome;
  return outcome && (outcome.status === 'error' || outcome.status === 'refused') ? outcome.reason : null;
}

export type StripDot = Readonly<{ x: number; y: number; value: number; run: number }>;
export type StripRow = Readonly<{ label: string; y: number; dots: readonly StripDot[]; meanX: number | null }>;
export type StripLayout = Readonly<{
  width: number;
  height: number;
  ticks: readonly Readonly<{ x: number; value: number }>[];
  rows: readonly StripRow[];
}>;

const ROW_HEIGHT = 44;
const AXIS_HEIGHT = 22;
const DOT_GAP = 7;

/**
 * A strip plot of per-run scores on the 0-5 scale: one row per series, one dot per run; dots of equal value
 * stack vertically instead of hiding each other. Runs that scored nothing have no dot.
 */
export function stripLayout(
  series: readonly Readonly<{ label: string; scores: readonly (number | null)[]; mean: number | null }>[],
  width: number,
  inset = { left: 96, right: 140 },
): StripLayout {
  const x = (value: number) => inset.left + (Math.max(0, Math.min(5, value)) / 5) * (width - inset.left - inset.right);
  const rows = series.map((row, index): StripRow => {
    const y = AXIS_HEIGHT + index * ROW_HEIGHT + ROW_HEIGHT / 2;
    const seen = new Map<string, number>();
    const dots = row.scores.flatMap((value, run) => {
      if (value === null) return [];
      const key = value.toFixed(2);
      const stack = seen.get(key) ?? 0;
      seen.set(key, stack + 1);
      const offset = stack === 0 ? 0 : (stack % 2 === 1 ? -1 : 1) * Math.ceil(stack / 2) * DOT_GAP;
      return [{ x: x(value), y: y + offset, value, run: run + 1 }];
    });
    return { label: row.label, y, dots, meanX: row.mean === null ? null : x(row.mean) };
  });
  const ticks = [0, 1, 2, 3, 4, 5].map((value) => ({ x: x(value), value }));
  return { width, height: AXIS_HEIGHT + series.length * ROW_HEIGHT + 4, ticks, rows };
}

/** The delta column: an arrow and a sign, and a tone for colour (never the only cue). */
export function deltaLook(delta: number | null): Readonly<{ text: string; tone: 'up' | 'down' | '' }> {
  if (delta === null) return { text: '—', tone: '' };
  if (Math.abs(delta) < 0.005) return { text: '= 0.00', tone: '' };
  return delta > 0
    ? { text: `▲ +${delta.toFixed(2)}`, tone: 'up' }
    : { text: `▼ −${Math.abs(delta).toFixed(2)}`, tone: 'down' };
}

/** The question rows to show: optionally only those that decided acceptance, in the server's order (largest change first). */
export const visibleDeltas = (questions: readonly QuestionDelta[], decidingOnly: boolean): QuestionDelta[] =>
  questions.filter((q) => !decidingOnly || q.deciding);

/** How many questions went up, down, or stayed, among those with a delta. */
export function deltaCounts(questions: readonly QuestionDelta[]): Readonly<{ up: number; down: number; same: number }> {
  const tones = questions.map((q) => deltaLook(q.delta).tone);
  return {
    up: tones.filter((t) => t === 'up').length,
    down: tones.filter((t) => t === 'down').length,
    same: questions.filter((q) => q.delta !== null).length - tones.filter(Boolean).length,
  };
}

/**
 * Per question of a comparison, the index of the best-scoring variant: null on a tie for best, and null unless every
 * variant scored the question (a variant with no score, such as a new prompt a recording cannot answer, is not beaten).
 */
export function bestVariant(scores: readonly (number | null)[]): number | null {
  if (scores.length < 2 || scores.some((score) => score === null)) return null;
  const scored = scores as readonly number[];
  const top = Math.max(...scored);
  const best = scored.flatMap((score, index) => (Math.abs(score - top) < 1e-9 ? [index] : []));
  return best.length === 1 ? best[0]! : null;
}

/** The runs of a prompt comparison that ran, for the side-by-side matrix (the first one that ran is the baseline). */
export const variantRunIds = (comparison: VariantComparison): string[] =>
  comparison.variants.flatMap((variant) => (variant.runId ? [variant.runId] : []));

/** The editable list of prompt variants: at least two, blank ones dropped when running. */
export function runnablePrompts(prompts: readonly string[]): string[] {
  return prompts.filter((prompt) => prompt.trim().length > 0);
}

/** The model pairs a model comparison runs: named ones, trimmed, each pair once. */
export function runnableModels(
  pairs: readonly Readonly<{ provider: string; model: string }>[],
): { provider: string; model: string }[] {
  const seen = new Set<string>();
  return pairs.flatMap(({ provider, model }) => {
    const name = model.trim();
    const key = `${provider}\n${name}`;
    if (provider === '' || name === '' || seen.has(key)) return [];
    seen.add(key);
    return [{ provider, model: name }];
  });
}

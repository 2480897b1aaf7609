// Pure reads of question history for the screens: state looks, run identities, what changed between runs, and the
// geometry of the small charts (a pass-rate line in its Wilson band, a score line per run).
import type {
  HistoryRun,
  QuestionHistory,
  QuestionState,
  TagHistory,
  TagPoint,
  TimelinePoint,
} from '../../../src-shared/model';
import type { Status } from '../../components/status';

/** How each state is badged: a status tone with the state's own word. */
export const STATE_STATUS: Readonly<Record<QuestionState, Status>> = {
  regressed: 'fail',
  fixed: 'pass',
  flaky: 'degraded',
  steady: 'skipped',
  insufficient: 'unscored',
};

/** The states the "what changed" list shows, in the order a user should look at them. */
export const CHANGED_STATES = ['regressed', 'flaky', 'fixed'] as const satisfies readonly QuestionState[];

/** The changed questions (those tagged `tag` when given) grouped by state in `CHANGED_STATES` order, none empty. */
export function changedGroups(
  questions: readonly QuestionHistory[],
  tag: string | null = null,
): { state: (typeof CHANGED_STATES)[number]; questions: QuestionHistory[] }[] {
  const shown = tag === null ? questions : questions.filter((q) => q.tags.includes(tag));
  return CHANGED_STATES.map((state) => ({ state, questions: shown.filter((q) => q.state === state) })).filter(
    (group) => group.questions.length > 0,
  );
}

/** How many of the changed questions carry each tag. */
export function changedPerTag(questions: readonly QuestionHistory[]): ReadonlyMap<string, number> {
  const counts = new Map<string, number>();
  for (const question of questions) {
    if (!(CHANGED_STATES as readonly string[]).includes(question.state)) continue;
    for (const tag of question.tags) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  }
  return counts;
}

/** The first characters of a system prompt's hash: enough to tell prompts apart in a table. */
export const promptTag = (run: HistoryRun) => run.systemPromptSha256.slice(0, 8);

/** The UTC day a run was made, as the timeline's table and chart print it (2025-06-01). */
export const runDay = (run: HistoryRun) => new Date(run.createdAt).toISOString().slice(0, 10);

export type IdentityChange = Readonly<{ model: boolean; prompt: boolean; dataset: boolean }>;

/** What differs in each point's run from the point before it (nothing for the first). */
export function identityChanges(points: readonly TimelinePoint[]): IdentityChange[] {
  return points.map((point, i) => {
    const before = points[i - 1]?.run;
    const run = point.run;
    if (!before) return { model: false, prompt: false, dataset: false };
    return {
      model: before.provider !== run.provider || before.model !== run.model,
      prompt: before.systemPromptSha256 !== run.systemPromptSha256,
      dataset: before.datasetVersion !== run.datasetVersion,
    };
  });
}

/** A point's verdict: pass when every scored repeat passed, fail when none did, mixed in between; none unscored. */
export function pointVerdict(point: TimelinePoint): 'pass' | 'fail' | 'mixed' | 'unscored' {
  if (point.trials === 0) return 'unscored';
  if (point.passes === point.trials) return 'pass';
  return point.passes === 0 ? 'fail' : 'mixed';
}

/** The run at which the question's text changed (its current history starts there); null when it never did. */
export const textChangeIndex = (points: readonly TimelinePoint[]): number | null => {
  const index = points.findIndex((point) => point.textChanged);
  return index < 0 ? null : index;
};

export type Box = Readonly<{ width: number; height: number; pad: number }>;

/** The x of the i-th of n evenly spaced points inside the box. */
export const xAt = (box: Box, i: number, n: number) =>
  box.pad + (n > 1 ? (i * (box.width - 2 * box.pad)) / (n - 1) : (box.width - 2 * box.pad) / 2);

/** The y of a value between 0 and max (clamped), 0 at the bottom. */
export const yAt = (box: Box, value: number, max: number) =>
  box.height - box.pad - (Math.max(0, Math.min(max, value)) / max) * (box.height - 2 * box.pad);

const fixed = (value: number) => value.toFixed(1);

/** An SVG path through the points that have a value; a gap (null) breaks the line. */
export function linePath(box: Box, values: readonly (number | null)[], max: number): string {
  const steps: string[] = [];
  let drawing = false;
  values.forEach((value, i) => {
    if (value === null) {
      drawing = false;
      return;
    }
    steps.push(`${drawing ? 'L' : 'M'}${fixed(xAt(box, i, values.length))},${fixed(yAt(box, value, max))}`);
    drawing = true;
  });
  return steps.join(' ');
}

/** The Wilson band of a tag's points as closed SVG paths, one per run of points that have an interval. */
export function bandPaths(box: Box, points: readonly TagPoint[]): string[] {
  const spans: { i: number; interval: readonly [number, number] }[][] = [];
  let span: { i: number; interval: readonly [number, number] }[] = [];
  points.forEach((point, i) => {
    if (point.interval) span.push({ i, interval: point.interval });
    else if (span.length > 0) {
      spans.push(span);
      span = [];
    }
  });
  if (span.length > 0) spans.push(span);
  const n = points.length;
  return spans.map((part) => {
    const upper = part.map(({ i, interval }) => `${fixed(xAt(box, i, n))},${fixed(yAt(box, interval[1], 1))}`);
    const lower = [...part]
      .reverse()
      .map(({ i, interval }) => `${fixed(xAt(box, i, n))},${fixed(yAt(box, interval[0], 1))}`);
    return `M${[...upper, ...lower].join(' L')} Z`;
  });
}

/** The tags that moved beyond noise first (down before up), then the others in their order. */
export function tagsMovedFirst(tags: readonly TagHistory[]): TagHistory[] {
  const rank = (tag: TagHistory) => (tag.moved === 'down' ? 0 : tag.moved === 'up' ? 1 : 2);
  return [...tags].sort((a, b) => rank(a) - rank(b));
}

/** "billing (down), hours (up)": the moved tags named, or null when none moved. */
export function movedTagsSentence(tags: readonly TagHistory[]): string | null {
  const moved = tagsMovedFirst(tags).filter((tag) => tag.moved !== null);
  return moved.length === 0 ? null : moved.map((tag) => `${tag.tag} (${tag.moved})`).join(', ');
}

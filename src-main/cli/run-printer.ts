// What `ai-eval run` prints: the plan, a progress bar on a terminal (plain lines in CI), and the summary table.
import { ESTIMATOR_NAME } from '../../src-shared/text/corrected-rate-words';
import type { PlannedRun } from '../../src-shared/contract/run-batch.contract';
import {
  describeTrust,
  type RunFinished,
  type RunProgress,
  type ShardSpec,
  type Verdict,
} from '../../src-shared/model';
import type { CliIo } from './command';
import { plural } from '../../src-shared/text/plural';
import { progressCountText, progressFraction } from '../../src-shared/text/progress-count';

/** In CI a progress line at most this often, plus one per 10% done. */
const PLAIN_EVERY_MS = 5_000;
const BAR_WIDTH = 24;

const seconds = (ms: number | null) =>
  ms === null
    ? '?'
    : ms < 60_000
      ? `${Math.round(ms / 1000)}s`
      : `${Math.floor(ms / 60_000)}m${String(Math.round((ms % 60_000) / 1000)).padStart(2, '0')}s`;
const score = (value: number | null) => (value === null ? '—' : value.toFixed(2));
const percent = (value: number | null, digits = 1) => (value === null ? '—' : `${(value * 100).toFixed(digits)}%`);

export function describePlan(plan: PlannedRun): string {
  const { selection, estimatedCalls: calls } = plan;
  const shape = [
    plural(plan.questions, 'question'),
    selection.repeat > 1 ? `× ${selection.repeat} repeats` : '',
    selection.shard ? `(shard ${selection.shard.index}/${selection.shard.count})` : '',
  ]
    .filter(Boolean)
    .join(' ');
  const target =
    calls.targetMax > calls.target
      ? `${calls.target}-${calls.targetMax} target calls (agent steps)`
      : `${calls.target} target calls`;
  return `${plan.targetId}: ${shape} from dataset ${plan.datasetId}@${plan.datasetVersion}; graders ${plan.graders.join(', ')}; about ${target}, ${calls.judges} judge calls`;
}

/**
 * `--dry-run --shard I/N`: every shard's share of the whole plan (questions and expected calls), the chosen one marked.
 * Calls scale with questions, so each shard's are the whole plan's per question times its own.
 */
export function describeShards(
  targetId: string,
  whole: NonNullable<PlannedRun['whole']>,
  repeat: number,
  shard: ShardSpec,
): string[] {
  const { target, targetMax, judges } = whole.estimatedCalls;
  const perItem = (calls: number, items: number) => (whole.total > 0 ? (calls / whole.total) * items : 0);
  const lines = whole.shardSizes.map((questions, i) => {
    const items = questions * repeat;
    const low = perItem(target, items);
    const high = perItem(targetMax, items);
    const calls = high > low ? `${low}-${high}` : `${low}`;
    const mark = i + 1 === shard.index ? '   <- this shard' : '';
    return `  shard ${i + 1}/${shard.count}: ${plural(questions, 'question')}, about ${calls} target calls, ${perItem(judges, items)} judge calls${mark}`;
  });
  const largest = Math.max(...whole.shardSizes);
  return [
    `${targetId}: ${plural(whole.questions, 'question')} over ${shard.count} shards (the largest, ${plural(largest, 'question')}, sets the wall time):`,
    ...lines,
  ];
}

export class ProgressPrinter {
  private lastPlainAt = 0;
  private lastDecile = -1;

  constructor(private readonly io: CliIo) {}

  update(progress: RunProgress): void {
    const through = progressFraction(progress);
    const count = progressCountText(progress);
    const stats = `avg ${score(progress.runningAvg)}  errors ${progress.errors}  degraded ${progress.degraded}  ${seconds(progress.elapsedMs)} eta ${seconds(progress.etaMs)}`;
    if (this.io.interactive && this.io.status) {
      const filled = Math.round(through * BAR_WIDTH);
      this.io.status(
        `${progress.targetId} [${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}] ${count}  ${stats}`,
      );
      return;
    }
    const decile = Math.floor(through * 10);
    if (decile === this.lastDecile && progress.elapsedMs - this.lastPlainAt < PLAIN_EVERY_MS && through < 1) return;
    this.lastDecile = decile;
    this.lastPlainAt = progress.elapsedMs;
    this.io.err(`${progress.targetId} ${count} (${percent(through, 0)})  ${stats}`);
  }

  /** Ends the bar's line before anything else is printed. */
  done(): void {
    if (this.io.interactive && this.io.status) this.io.status('');
    this.lastDecile = -1;
    this.lastPlainAt = 0;
  }
}

function verdictWord(finished: RunFinished, deferred: boolean): string {
  const verdict = finished.verdict;
  if (finished.status !== 'complete' || !verdict) return finished.status.toUpperCase();
  if (deferred) return 'DEFERRED';
  if (verdict.passed) return 'PASS';
  return verdict.gate_type === 'hard' ? 'FAIL' : 'WARN (soft)';
}

const interval = (verdict: Verdict | null) =>
  verdict?.pass_rate_ci ? ` [${percent(verdict.pass_rate_ci[0])}-${percent(verdict.pass_rate_ci[1])}]` : '';

/**
 * One row per run, aligned, then the reason of every verdict and the trust of every judge (advisory). A shard's runs
 * are `deferred`: their verdict covers one slice, and only the merge applies the gate.
 */
export function summaryLines(rows: readonly RunFinished[], deferred = false): string[] {
  const table = [
    ['target', 'verdict', 'avg', 'pass rate (95% CI)', 'coverage', 'degraded', 'run'],
    ...rows.map((finished) => {
      const v = finished.verdict;
      return [
        finished.targetId,
        verdictWord(finished, deferred),
        score(v?.avg_score ?? null),
        `${percent(v?.pass_rate ?? null)}${interval(v)}`,
        percent(v?.coverage ?? null, 0),
        String(v?.counts.degraded ?? '—'),
        finished.runId,
      ];
    }),
  ];
  const widths = table[0]!.map((_, column) => Math.max(...table.map((row) => row[column]!.length)));
  const lines = table.map((row) =>
    row
      .map((cell, column) =>
        column >= 2 && column <= 5 ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!),
      )
      .join('  ')
      .trimEnd(),
  );
  for (const finished of rows) {
    const v = finished.verdict;
    if (v && deferred) lines.push(`${finished.targetId}: this slice alone: ${v.reason} (not a verdict)`);
    else if (v) lines.push(`${finished.targetId}: ${v.reason} (${v.gate_type} gate)`);
    if (finished.error) lines.push(`${finished.targetId}: ${finished.status}: ${finished.error}`);
    if (finished.status === 'cancelled')
      lines.push(`${finished.targetId}: cancelled; finish it with: ai-eval run --resume ${finished.runId}`);
    const untrusted = (v?.judges ?? []).filter((judge) => judge.state !== 'trusted');
    if (untrusted.length > 0)
      lines.push(`${finished.targetId}: judges not trusted (advisory): ${untrusted.map(describeTrust).join('; ')}`);
    if (v?.corrected_pass_rate)
      lines.push(
        `${finished.targetId}: corrected pass rate ${percent(v.corrected_pass_rate.estimate)} (${v.corrected_pass_rate.grader}${
          v.corrected_pass_rate.estimator ? `, ${ESTIMATOR_NAME[v.corrected_pass_rate.estimator]}` : ''
        })`,
      );
  }
  return lines;
}

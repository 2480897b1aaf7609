// Calls and events to start, watch and cancel runs, and to read runs, results, comparisons and trends.
import { z } from 'zod';
import { boolean, int, number, optionalBoolean, string } from '../model/fields';
import { call, event } from '../rpc/define';
import {
  MATRIX_MAX_COLUMNS,
  graderId,
  historyPoint,
  pairedComparison,
  questionStatus,
  resultDetail,
  resultRow,
  runDetail,
  runFinished,
  runMatrix,
  runProgress,
  runSource,
  runSummary,
  shardSpec,
  snakeId,
  targetHealth,
  weekStats,
} from '../model';

const runId = string.min(1).max(200);
const page = {
  offset: int.nonnegative().default(0),
  limit: int.min(1).max(500).default(100),
};

/** Questions in flight for one run; settings.concurrency (or the measured or default value) when absent. */
const concurrency = int.min(1).max(256).optional();
/** Who started a run (an import is never started). */
export const startSource = runSource.exclude(['import']);
/** A run started in the background: its id and how many question × repeat items it holds. */
const startedRun = z.object({ runId: string, total: int });

const matrixRequest = z.object({
  runIds: z.array(runId).min(2).max(MATRIX_MAX_COLUMNS),
  baseline: z
    .number()
    .int()
    .min(0)
    .max(MATRIX_MAX_COLUMNS - 1)
    .default(0),
});

export const resultsSort = z.enum(['question', 'score_asc', 'score_desc', 'latency_desc', 'recent']);
export const resultsFilter = z.union([questionStatus, z.enum(['passed', 'failed'])]);

/** One thing the preflight found that would break a run: what and where, and its fix. */
export const preflightProblem = z.object({
  subject: string,
  problem: string,
  fix: string,
  /** True when the machine, not the workspace, is at fault (a server that does not answer): the CLI exits 3. */
  environment: z.boolean().optional(),
});
export type PreflightProblem = z.infer<typeof preflightProblem>;

/** The details of a `runs.start` refused by its preflight (a `bad_input` error): every problem with its fix. */
export const preflightRefusal = z.object({ preflight: z.array(preflightProblem).min(1) });
export type PreflightRefusal = z.infer<typeof preflightRefusal>;

export const runsContract = {
  /**
   * Start a run of one target in the background; returns at once with the run id (progress arrives as events).
   * The preflight runs first unless `skipPreflight`: a problem refuses the run (`bad_input`, details `preflightRefusal`).
   */
  'runs.start': call(() => ({
    input: z.object({
      targetId: snakeId,
      questionIds: z.array(snakeId).min(1).optional(),
      repeat: int.min(1).max(100).optional(),
      /**
       * Stop repeating a question once its verdict is settled (its 95 % Wilson interval clear of one half, after 3
       * scored repeats), and weigh each question once in the gate; needs a repeat of 2 or more.
       */
      adaptive: optionalBoolean,
      /** One slice of the questions (`ai-eval run --shard I/N`); the gate is left to `ai-eval merge`. */
      shard: shardSpec.refine((s) => s.index <= s.count, 'shard index above its count').optional(),
      source: startSource.optional(),
      concurrency,
      skipPreflight: optionalBoolean,
    }),
    output: startedRun,
  })),
  /** Continue an interrupted run, skipping the questions it already has results for (no preflight: see runs.preflight). */
  'runs.resume': call(() => ({ input: z.object({ runId, concurrency }), output: startedRun })),
  /** Re-score a finished run's stored answers with today's graders into a new run, without calling the target. */
  'runs.regrade': call(() => ({
    input: z.object({ runId, source: startSource.optional(), concurrency }),
    output: startedRun.extend({ targetId: snakeId, graders: z.array(graderId) }),
  })),
  /**
   * Check what a run of this target needs before starting it: providers reachable, models present, keys resolvable,
   * MCP servers startable. Each problem says what and where, and its fix.
   */
  'runs.preflight': call(() => ({
    input: z.object({ targetId: snakeId, questionIds: z.array(snakeId).min(1).optional() }),
    output: z.object({
      ok: boolean,
      problems: z.array(preflightProblem),
      elapsedMs: number,
    }),
  })),
  /** Cancel a run of this service; finished questions are kept and the run is marked cancelled. */
  'runs.cancel': call(() => ({ input: z.object({ runId }), output: z.object({ cancelled: boolean }) })),
  /** Runs, newest first, optionally of one target; experiments (runs of another prompt) unless `experiments` is false. */
  'runs.list': call(() => ({
    input: z.object({ targetId: snakeId.optional(), experiments: optionalBoolean, ...page }),
    output: z.object({ total: int, runs: z.array(runSummary) }),
  })),
  /** One run: its summary, verdict (complete runs only), identity snapshot and counts. */
  'runs.get': call(() => ({ input: z.object({ runId }), output: runDetail })),
  /** A page of one run's question results, filtered and sorted in the store (never the whole run). */
  'results.page': call(() => ({
    input: z.object({
      runId,
      ...page,
      status: resultsFilter.optional(),
      /** Matches the question id or the response text. */
      search: string.max(200).optional(),
      sort: resultsSort.default('question'),
    }),
    output: z.object({ total: int, rows: z.array(resultRow) }),
  })),
  /** One question result with its graders, tool calls, judge calls and transcript. */
  'results.get': call(() => ({ input: z.object({ resultId: int.positive() }), output: resultDetail })),
  /**
   * 2 to 8 runs side by side (issue 22): rows are questions joined by id, and with `statistics` every column but the
   * baseline carries its paired difference against it (a seeded bootstrap interval, McNemar's exact test, a
   * sentence). The bootstrap is most of the cost, so a screen asks without and calls `runs.matrixStatistics` after.
   */
  'runs.matrix': call(() => ({
    input: matrixRequest.extend({ statistics: boolean.default(true) }),
    output: runMatrix,
  })),
  /** The paired comparison of each column of `runs.matrix` with the baseline, in column order (null: the baseline). */
  'runs.matrixStatistics': call(() => ({ input: matrixRequest, output: z.array(pairedComparison.nullable()) })),
  /** The last complete runs of a target, oldest first, for its sparkline. */
  'targets.history': call(() => ({
    input: z.object({ targetId: snakeId, limit: int.min(1).max(200).default(20) }),
    output: z.array(historyPoint),
  })),
  /** Dashboard cards (this week vs last week, of one target if given; experiments never count) and one health row per target. */
  'dashboard.summary': call(() => ({
    input: z.object({ targetId: snakeId.optional() }),
    output: z.object({ thisWeek: weekStats, lastWeek: weekStats, targets: z.array(targetHealth) }),
  })),
  /** Live progress of a run, at most one per 100 ms per run. */
  'runs.progressed': event(() => runProgress),
  /** A run ended: complete (with its verdict), cancelled or error. */
  'runs.finished': event(() => runFinished),
  /** Another process (an `ai-eval run` beside `ai-eval serve`) wrote runs into the store: screens reload what they show. */
  'runs.changedElsewhere': event(() => z.object({})),
} as const;

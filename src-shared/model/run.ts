// Runs as the contract carries them: statuses, counts, the verdict (docs/grading.md), the identity snapshot (docs/runs.md).
import { z } from 'zod';
import {
  boolean,
  int,
  nullableBoolean,
  nullableInt,
  nullableNumber,
  nullableString,
  number,
  optionalString,
  string,
} from './fields';
import { correctedPassRate, judgeTrust } from './judge';
import { interval } from './shapes';
import { gateBound, gateMetric, gateType, generation, targetMode } from './workspace-config';

export const runStatus = z.enum(['pending', 'running', 'complete', 'cancelled', 'error']);
export type RunStatus = z.infer<typeof runStatus>;

export const runSource = z.enum(['manual', 'ci', 'schedule', 'import']);
export type RunSource = z.infer<typeof runSource>;

export const questionStatus = z.enum(['scored', 'unscored', 'degraded']);
export type QuestionStatus = z.infer<typeof questionStatus>;

export const graderStatus = z.enum(['scored', 'skipped', 'error']);

/** How many questions (× repeats) a run planned and how they ended. */
export const runCounts = z.object({
  total: int,
  done: int,
  scored: int,
  unscored: int,
  degraded: int,
  passed: int,
  /** Questions whose target call failed after retries (a subset of degraded). */
  errors: int,
});

/** The verdict of a complete run, in the snake_case shape of docs/export.md (`--json` writes it as is). */
export const verdict = z.object({
  gate_metric: gateMetric,
  gate_type: gateType,
  threshold: number,
  passed: boolean,
  reason: string,
  /** Mean question score (0-5) over scored questions; null when nothing was scored. */
  avg_score: nullableNumber,
  pass_rate: nullableNumber,
  pass_rate_ci: interval.nullable(),
  coverage: number,
  /** The corrected pass rate when one trusted judge decides pass/fail (docs/grading.md): which estimator, how computed. */
  corrected_pass_rate: correctedPassRate
    .omit({ theta: true })
    .partial({ estimator: true, estimates: true, why: true })
    .extend({ estimate: number, method: string })
    .nullable(),
  /** Advisory: the trust of every LLM judge of the target when the run completed. */
  judges: z.array(judgeTrust),
  question_pass_threshold: number,
  counts: runCounts.pick({ total: true, scored: true, unscored: true, degraded: true, passed: true }),
  /**
   * The run's questions in the target's quarantine: they ran and are in `counts`, but the gate (avg_score, pass_rate,
   * coverage) left them out, and the reason says so. Absent: none.
   */
  quarantined: z.array(z.string()).optional(),
  /**
   * An adaptive run (`--repeat N --adaptive`): the repeats planned and asked, the calls saved, and the stated bound on
   * the chance that a question's verdict differs from all N repeats'. Its gate weighs each question once. Absent: not
   * adaptive.
   */
  adaptive: z
    .object({
      planned: int,
      asked: int,
      saved: int,
      min_repeats: int,
      confidence: number,
      error_bound: number,
      run_bound: number
        .optional()
        .describe('With 95% confidence the pass rate is within this of the one all N repeats would give.'),
    })
    .optional(),
});
export type Verdict = z.infer<typeof verdict>;

export const shardSpec = z.object({ index: int.positive(), count: int.positive() });
export type ShardSpec = z.infer<typeof shardSpec>;

/** How a run on a local Ollama went: its schedule, each model's window, the concurrency and the model loads. */
export const localRun = z.object({
  schedule: z.enum(['phased', 'interleaved']),
  windows: z.array(
    z.object({
      provider: string,
      model: string,
      /** The num_ctx sent with every call of this model; null: the server's default. */
      numCtx: nullableNumber,
      /** The model's own maximum (/api/show); null when unknown. */
      modelMax: nullableNumber,
      /** The longest prompt of the run, estimated before it (tokens). */
      promptTokens: number,
      source: z.enum(['explicit', 'sized', 'server default']),
    }),
  ),
  /** Target calls in flight: measured (raised from 1 while throughput rose) or as set. */
  concurrency: z.object({ value: int, measured: boolean }),
  /** Calls whose model had to be loaded first, and the time Ollama spent loading (load_duration). */
  modelLoads: z.object({ count: int, totalMs: number }),
});
export type LocalRun = z.infer<typeof localRun>;

/** What a run was, frozen when it ran: editing the target later never rewrites it (docs/runs.md). */
export const runIdentity = z.object({
  targetId: string,
  mode: targetMode,
  provider: z.object({ name: string, kind: string, baseUrl: nullableString }),
  model: string,
  /** The generation settings configured on the target. */
  generation: generation,
  /** What the provider actually sent (after capability filtering); null until a call succeeded. */
  generationSent: generation.nullable(),
  systemPrompt: string,
  systemPromptSha256: string,
  /** Set when the run used a system prompt given at start instead of aieval.yaml's (an optimizer candidate, a compared variant): says which. */
  promptVariant: optionalString,
  dataset: z.object({ id: string, version: string, sha256: string }),
  graders: z.array(string),
  judges: z.array(
    z.object({
      graderId: string,
      provider: string,
      model: string,
      templateVersion: nullableString,
      settings: z.record(string, z.unknown()).nullable(),
    }),
  ),
  /** Every judge prompt template's version (bundled or the workspace's override) when the run started. */
  judgeTemplates: z.record(string, string),
  rubrics: z.array(z.object({ id: string, version: string })),
  tools: z.array(z.object({ name: string, transport: z.enum(['stdio', 'http']) })),
  endpoint: nullableString,
  maxSteps: nullableInt,
  questionPassThreshold: number,
  gate: z.object({
    metric: gateMetric,
    bound: gateBound.optional(),
    threshold: number,
    type: gateType,
    judge: optionalString,
  }),
  selection: z.object({
    questionIds: z.array(string).nullable(),
    repeat: int.positive(),
    shard: shardSpec.nullable(),
    /** `--repeat N --adaptive`: a question's repeats stopped once its verdict was settled. */
    adaptive: z.boolean().optional(),
  }),
  /** The run whose stored responses this run re-scored (`ai-eval regrade`). */
  regradeOf: nullableString,
  appVersion: string,
  source: runSource,
  startedAt: nullableString,
  finishedAt: nullableString,
  /** Set for a run with a model on Ollama. */
  local: localRun.optional(),
});
export type RunIdentity = z.infer<typeof runIdentity>;

export const runSummary = z.object({
  id: string,
  targetId: string,
  status: runStatus,
  source: runSource,
  model: string,
  datasetId: string,
  datasetVersion: string,
  repeat: int,
  shard: nullableString,
  total: int,
  done: int,
  avgScore: nullableNumber,
  passRate: nullableNumber,
  /** The verdict's pass/fail; null unless the run is complete. */
  passed: nullableBoolean,
  error: nullableString,
  createdAt: number,
  startedAt: nullableNumber,
  finishedAt: nullableNumber,
  /** A run of another prompt (optimizer candidate, compared variant): kept out of trends, gates and totals. */
  experiment: boolean,
  /** `--repeat N --adaptive`: `total` is the most repeats it could run, `done` the repeats it ran. */
  adaptive: z.boolean().optional(),
});
export type RunSummary = z.infer<typeof runSummary>;

export const runDetail = z.object({
  run: runSummary,
  verdict: verdict.nullable(),
  identity: runIdentity,
  counts: runCounts,
});
export type RunDetail = z.infer<typeof runDetail>;

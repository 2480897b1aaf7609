// The workspace file (`aieval.yaml`): providers, the default judge, settings and targets (docs/workspace.md).
import { z } from 'zod';
import { boolean, int, number, optionalString, string } from './fields';
import { metadata, snakeId } from './common';
import { graderId } from './graders';
import { providerKind } from './provider-kinds';

const url = string.regex(/^https?:\/\/\S+$/, 'must be an http(s) URL');

/** Ollama's context window in tokens (`options.num_ctx`); unset lets the engine size it for the run. */
const numCtx = z
  .number()
  .int()
  .min(256)
  .max(1_048_576)
  .describe(
    "ollama only: the context window (options.num_ctx) to load the model with; unset: sized for the run's longest prompt",
  );

/**
 * Names every JavaScript object has (`constructor`, `toString`, `__proto__`…): a provider so named would be "found" on
 * any object, so they are refused as provider names (`__proto__` as any key, by the YAML reader's checks).
 */
const OBJECT_NAMES = new Set(['__proto__', ...Object.getOwnPropertyNames(Object.prototype)]);
export const providerName = string.refine((name) => !OBJECT_NAMES.has(name), {
  message: 'is a name every JavaScript object has: name the provider something else',
});

export const providerConfig = z.strictObject({
  kind: providerKind.describe(providerKind.options.join(' | ')),
  base_url: url.optional().describe('Server address; optional for every kind (OpenAI-compatible servers too).'),
  api_key_env: z
    .string()
    .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'must be an environment variable name')
    .optional()
    .describe('The environment variable holding the key. Secrets never go in this file.'),
  file: optionalString.describe('replay only: the JSONL cassette to answer from, relative to the workspace.'),
  num_ctx: numCtx.optional(),
  metadata: metadata.optional(),
});
export type ProviderConfig = z.infer<typeof providerConfig>;

export const modelRef = z.strictObject({
  provider: string.min(1).describe('A provider name from `providers`.'),
  model: string.min(1),
  num_ctx: numCtx.optional(),
});
export type ModelRef = z.infer<typeof modelRef>;

export const judgeConfig = z.strictObject({
  provider: string.min(1).describe('A provider name from `providers`.'),
  model: string.min(1),
  num_ctx: numCtx.optional(),
  overrides: z.partialRecord(graderId, modelRef).optional().describe('A different judge for some graders.'),
});

export const generation = z.strictObject({
  temperature: number.min(0).max(2).optional(),
  top_p: number.min(0).max(1).optional(),
  max_tokens: int.positive().optional(),
  seed: int.optional(),
});
export type Generation = z.infer<typeof generation>;

export const gateMetric = z.enum(['avg_score', 'pass_rate', 'corrected_pass_rate']);
export type GateMetric = z.infer<typeof gateMetric>;
export const gateBound = z.enum(['point', 'lower']);
export const gateType = z.enum(['hard', 'soft']);

export const gate = z.strictObject({
  metric: gateMetric
    .default('avg_score')
    .describe('avg_score (0-5) | pass_rate (0-1) | corrected_pass_rate (0-1, the trusted judge’s bias-corrected rate)'),
  bound: gateBound
    .optional()
    .describe('corrected_pass_rate only: gate on the point estimate (default) or on the lower bound of its interval.'),
  threshold: number.min(0).max(5).default(3.5),
  type: gateType.default('hard').describe('hard: a failed gate fails `ai-eval run`; soft: a warning.'),
  judge: graderId.optional().describe('The LLM grader whose pass/fail the bias-corrected pass rate uses.'),
});
export type Gate = z.infer<typeof gate>;

export const toolServer = z.union([
  z.strictObject({
    name: snakeId,
    command: string.min(1).describe('Starts a stdio MCP server (trusted workspaces only).'),
    args: z.array(string).default([]),
    env: z.record(string, string).optional(),
  }),
  z.strictObject({
    name: snakeId,
    url: url.describe('A streamable HTTP MCP server.'),
    headers: z.record(string, string).optional(),
  }),
]);
export type ToolServer = z.infer<typeof toolServer>;

/** A quarantined question of a target: its id, or its id with why (docs/grading.md: the gate leaves it out and says so). */
export const quarantineEntry = z.union([
  snakeId,
  z.strictObject({ id: snakeId, reason: z.string().min(1).max(500).optional() }),
]);
export type QuarantineEntry = z.infer<typeof quarantineEntry>;

export const quarantineEntryId = (entry: QuarantineEntry): string => (typeof entry === 'string' ? entry : entry.id);

export const targetMode = z.enum(['chat', 'agent']);

export const target = z.strictObject({
  id: snakeId.describe('Unique snake_case id.'),
  label: optionalString,
  mode: targetMode.default('chat'),
  enabled: boolean.default(true),
  provider: string.min(1).describe('A provider name from `providers`.'),
  model: string.min(1),
  system_prompt: string.default(''),
  generation: generation.optional(),
  num_ctx: numCtx.optional(),
  dataset: snakeId.describe('A dataset id: datasets/<id>.yaml.'),
  graders: z
    .array(graderId)
    .min(1, 'attach at least one grader')
    .describe('Grader ids; each scores every answer on one dimension.'),
  gate: gate.default({ metric: 'avg_score', threshold: 3.5, type: 'hard' }),
  question_pass_threshold: number.min(0).max(5).optional(),
  response_char_limit: int.positive().optional(),
  tools: z.array(toolServer).optional().describe('MCP servers whose tools the agent may call (agent mode).'),
  endpoint: url.optional().describe('An external agent: receives {messages}, answers {response, tool_calls}.'),
  max_steps: int.min(1).max(100).default(8),
  quarantine: z
    .array(quarantineEntry)
    .optional()
    .describe(
      'Question ids the gate leaves out (flaky ones): they still run, are scored and shown; an entry is an id or {id, reason}.',
    ),
  metadata: metadata.optional(),
});
export type Target = z.infer<typeof target>;

/** The ids of a target's quarantined questions (none for no target). */
export const quarantinedIds = (target: Pick<Target, 'quarantine'> | undefined): string[] => [
  ...new Set((target?.quarantine ?? []).map(quarantineEntryId)),
];

export const ollamaSettings = z.strictObject({
  max_num_ctx: z
    .number()
    .int()
    .min(2048)
    .max(1_048_576)
    .default(32768)
    .describe('The largest context window the engine sizes on its own (memory grows with it).'),
  schedule: z
    .enum(['phased', 'interleaved'])
    .default('phased')
    .describe(
      'phased: when target and judge are different models of one Ollama server, every target call first, then the judge calls (no model reload per question); interleaved: per question.',
    ),
  keep_alive: z
    .string()
    .regex(/^(-1|0|\d+(ms|s|m|h)?)$/, 'a duration like 30m, 2h, 0 or -1')
    .default('30m')
    .describe("How long Ollama keeps the run's models loaded between calls (keep_alive)."),
});

export const settings = z.strictObject({
  question_pass_threshold: z
    .number()
    .min(0)
    .max(5)
    .default(3.5)
    .describe('A question passes when its score >= this (0-5).'),
  response_char_limit: int.positive().default(4000),
  judge_response_char_limit: int.positive().default(4000),
  concurrency: z
    .number()
    .int()
    .min(1)
    .max(256)
    .optional()
    .describe(
      'Questions in flight. Unset: 4, or measured for an Ollama target (start at 1, raise while throughput rises).',
    ),
  rate_limit: z
    .strictObject({
      max_retries: int.min(0).max(20).default(3),
      base_delay_ms: int.min(0).default(5000),
      delay_between_calls_ms: int.min(0).default(0),
      requests_per_minute: z
        .number()
        .int()
        .positive()
        .optional()
        .describe('Calls per minute to each provider, spaced evenly; a sharded run takes its share (--rate-share).'),
      tokens_per_minute: z
        .number()
        .int()
        .positive()
        .optional()
        .describe(
          'Input + output tokens per minute to each provider: calls wait while the last minute spent more; a sharded run takes its share (--rate-share).',
        ),
    })
    .default({ max_retries: 3, base_delay_ms: 5000, delay_between_calls_ms: 0 }),
  request_timeout_ms: int.positive().default(120000),
  optimizer: z
    .strictObject({
      candidate_runs: int.min(1).default(3),
      improvement_margin: number.min(0).default(0.4),
      max_attempts: int.min(1).default(3),
      min_dataset_size: int.min(1).default(15),
      require_review: boolean.default(true),
      proposer: modelRef.optional(),
    })
    .default({
      candidate_runs: 3,
      improvement_margin: 0.4,
      max_attempts: 3,
      min_dataset_size: 15,
      require_review: true,
    }),
  judges: z
    .strictObject({
      gold_target_n: int.min(1).default(30),
      min_per_class: z
        .number()
        .int()
        .min(1)
        .default(5)
        .describe('Labels of each class (pass and fail) a judge needs before it can be trusted.'),
      min_tpr: number.min(0).max(1).default(0.9),
      min_tnr: number.min(0).max(1).default(0.9),
      confidence: number.gt(0).lt(1).default(0.95),
      margin_of_error: number.gt(0).lt(1).default(0.05),
    })
    .default({
      gold_target_n: 30,
      min_per_class: 5,
      min_tpr: 0.9,
      min_tnr: 0.9,
      confidence: 0.95,
      margin_of_error: 0.05,
    }),
  otlp_receiver: z
    .strictObject({
      enabled: boolean.default(false),
      port: int.min(0).max(65535).default(4318),
      token_env: z
        .string()
        .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'must be an environment variable name')
        .optional()
        .describe(
          'The environment variable holding a token the receiver port requires (Authorization: Bearer); unset: none.',
        ),
    })
    .default({ enabled: false, port: 4318 }),
  export_envelope_on_complete: boolean.default(false),
  ollama: ollamaSettings.default(ollamaSettings.parse({})),
});
export type Settings = z.infer<typeof settings>;

/** Questions in flight when settings.concurrency is unset and the target is not on Ollama (which measures its own). */
export const DEFAULT_CONCURRENCY = 4;

/** A workspace's identity in a team store: its data there is kept apart from every other workspace's by it. */
export const projectId = z
  .string()
  .regex(
    /^[a-z0-9][a-z0-9_-]{0,47}$/,
    'must be 1-48 lower-case letters, digits, "-" or "_", starting with a letter or digit',
  );

export const workspaceConfig = z.strictObject({
  version: z.literal(1).default(1),
  project: projectId
    .optional()
    .describe(
      "This workspace's id in a team store (a PostgreSQL database several workspaces share): its runs, results and labels there are its own. Required with a team store; unused with the workspace's own SQLite store.",
    ),
  providers: z
    .record(providerName, providerConfig)
    .default({})
    .describe('Named connections; secrets never in this file.'),
  judge: judgeConfig.optional().describe('The default judge for every LLM grader.'),
  settings: settings.default(settings.parse({})),
  targets: z
    .array(target)
    .min(1, 'lists no target: add one, a run has nothing to evaluate without it')
    .describe('What is evaluated: a model with a system prompt (chat) or with tools (agent).'),
  metadata: metadata.optional(),
});
export type WorkspaceConfig = z.infer<typeof workspaceConfig>;

// An EEE aggregate → our run: its id, identity snapshot, grader metrics, stored metrics and (for our own files) verdict.
import { createHash } from 'node:crypto';
import {
  gateMetric,
  verdict as verdictSchema,
  type Generation,
  type ImportedMetric,
  type JudgeTrust,
  type RunIdentity,
  type ShardSpec,
  type Verdict,
} from '../../../../src-shared/model';
import { boundValue } from './eee-checks';
import type { EeeAggregate, EeeResult, StringMap } from './eee-types';
import { epochMs, graderOfMetric, LIBRARY_NAME, runMetricOf, type RunMetric } from './eee-names';
import { isOwnAggregate } from './own-aggregate-checks';

/** An aggregate result that is a grader: bounded, higher is better, so its scores map onto 0-5. */
export type GraderMetric = Readonly<{ graderId: string; min: number; max: number }>;

export type RunMapping = Readonly<{
  runId: string;
  /** Written by this app: the verdict and identity come back exactly; other files get defaults. */
  ours: boolean;
  identity: RunIdentity;
  total: number | undefined;
  startedAt: number;
  finishedAt: number;
  shard: ShardSpec | null;
  graders: ReadonlyMap<string, GraderMetric>;
  /** The result keys of our coverage and composite rows. */
  keys: Readonly<{ coverageKey: string; compositeKey: string }> | undefined;
  runMetrics: ReadonlyMap<RunMetric, EeeResult>;
  /** The judges' trust as the file states it (our files: when the run completed). */
  judgeTrust: JudgeTrust[];
  metrics: Omit<ImportedMetric, 'evaluationId'>[];
}>;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const resultKey = (result: EeeResult) => result.evaluation_result_id ?? result.evaluation_name;
const num = (text: string | undefined) =>
  text === undefined || text.trim() === '' || !Number.isFinite(Number(text)) ? undefined : Number(text);

/** A snake_case id from any name ("demo-org/demo-model" → "demo_org_demo_model"), for imported targets and datasets. */
export function snakeOf(name: string): string {
  const snake = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  return /^[a-z]/.test(snake) ? snake : `x_${snake || 'unnamed'}`;
}

function timeOf(text: string | undefined): number | undefined {
  const epoch = epochMs(text);
  if (epoch !== undefined) return epoch;
  const parsed = text === undefined ? NaN : Date.parse(text);
  return Number.isFinite(parsed) ? parsed : undefined;
}

function parseShard(text: string | undefined): ShardSpec | null {
  const match = text === undefined ? null : /^(\d+)\/(\d+)$/.exec(text);
  return match ? { index: Number(match[1]), count: Number(match[2]) } : null;
}

function toMetric(result: EeeResult): Omit<ImportedMetric, 'evaluationId'> {
  const config = result.metric_config;
  const finite = (bound: number | undefined) => (bound === undefined || !Number.isFinite(bound) ? null : bound);
  return {
    resultId: resultKey(result),
    name: result.evaluation_name,
    metricId: config.metric_id ?? null,
    metricKind: config.metric_kind ?? null,
    metricUnit: config.metric_unit ?? null,
    scoreType: config.score_type ?? null,
    lowerIsBetter: config.lower_is_better,
    score: result.score_details.score,
    minScore: finite(boundValue(config.min_score)),
    maxScore: finite(boundValue(config.max_score)),
    details: result.score_details.details ?? {},
  };
}

/** Results whose per-question scores become grader scores: ours by metric id; another tool's when bounded and higher-is-better. */
function graderMetricOf(result: EeeResult, ours: boolean): GraderMetric | undefined {
  const config = result.metric_config;
  const min = boundValue(config.min_score);
  const max = boundValue(config.max_score);
  if (
    min === undefined ||
    max === undefined ||
    !Number.isFinite(min) ||
    !Number.isFinite(max) ||
    !(max > min) ||
    config.lower_is_better
  )
    return undefined;
  const graderId = ours ? graderOfMetric(config.metric_id) : resultKey(result);
  return graderId === undefined ? undefined : { graderId, min, max };
}

function generationOf(
  result: EeeResult | undefined,
  configured: string | undefined,
): { generation: Generation; sent: Generation } {
  const args = result?.generation_config?.generation_args ?? {};
  const seed = num(result?.generation_config?.additional_details?.seed);
  const sent: Generation = {
    ...(typeof args.temperature === 'number' ? { temperature: args.temperature } : {}),
    ...(typeof args.top_p === 'number' ? { top_p: args.top_p } : {}),
    ...(args.max_tokens !== undefined ? { max_tokens: args.max_tokens } : {}),
    ...(seed !== undefined ? { seed } : {}),
  };
  return { generation: configured !== undefined ? (JSON.parse(configured) as Generation) : sent, sent };
}

export function mapAggregate(aggregate: EeeAggregate, now: number, passThreshold: number): RunMapping {
  const source = aggregate.source_metadata.additional_details ?? {};
  const ours = isOwnAggregate(aggregate);
  const runMetrics = new Map<RunMetric, EeeResult>();
  const graders = new Map<string, GraderMetric>();
  for (const result of aggregate.evaluation_results) {
    const metric = ours ? runMetricOf(result.metric_config.metric_id) : undefined;
    if (metric) runMetrics.set(metric, result);
    const grader = metric ? undefined : graderMetricOf(result, ours);
    if (grader) graders.set(resultKey(result), grader);
  }
  const coverage = runMetrics.get('coverage');
  if (ours && (!coverage || !runMetrics.has('gate'))) {
    throw new Error(
      `the file names ${LIBRARY_NAME} as its library and run ${source.run_id}, but has no coverage or gate result`,
    );
  }
  const first = aggregate.evaluation_results[0];
  const generationDetails: StringMap = first?.generation_config?.additional_details ?? {};
  const sourceData = first?.source_data.additional_details ?? {};
  const gate = runMetrics.get('gate')?.metric_config.additional_details ?? {};
  const startedAt = timeOf(aggregate.evaluation_timestamp) ?? timeOf(aggregate.retrieved_timestamp) ?? now;
  const finishedAt = timeOf(source.finished_at) ?? timeOf(aggregate.retrieved_timestamp) ?? startedAt;
  const { generation, sent } = generationOf(first, generationDetails.generation_configured_json);
  const systemPrompt = first?.generation_config?.generation_args?.prompt_template ?? '';
  const agentic = (first?.generation_config?.generation_args?.agentic_eval_config?.available_tools ?? []).length > 0;
  const shard = parseShard(source.shard);
  const judgeTrust: JudgeTrust[] = [];
  const judges = aggregate.evaluation_results.flatMap((result) => {
    const judge = result.metric_config.llm_scoring?.judges[0];
    const grader = graders.get(resultKey(result));
    if (!judge || !grader) return [];
    const details = judge.additional_details ?? {};
    if (details.trust_state !== undefined) {
      judgeTrust.push({
        grader: grader.graderId,
        state: details.trust_state as JudgeTrust['state'],
        tpr: num(details.judge_tpr) ?? null,
        tnr: num(details.judge_tnr) ?? null,
      });
    }
    const settings = details.settings_json;
    return [
      {
        graderId: grader.graderId,
        provider:
          judge.model_info.additional_details.provider ??
          judge.model_info.inference_platform ??
          judge.model_info.developer ??
          'unknown',
        model: judge.model_info.name,
        templateVersion: details.template_version ?? null,
        settings: settings !== undefined ? (JSON.parse(settings) as Record<string, unknown>) : null,
      },
    ];
  });
  const datasetName = first?.source_data.dataset_name ?? 'unknown';
  const identity: RunIdentity = {
    targetId: ours && source.target_id ? source.target_id : snakeOf(aggregate.model_info.id),
    mode: source.mode === 'agent' || (!ours && agentic) ? 'agent' : 'chat',
    provider: {
      name:
        generationDetails.provider ??
        aggregate.model_info.inference_platform ??
        aggregate.model_info.developer ??
        'unknown',
      kind: generationDetails.provider_kind ?? 'unknown',
      baseUrl: null,
    },
    model: aggregate.model_info.name,
    generation,
    generationSent: sent,
    systemPrompt,
    systemPromptSha256: source.prompt_sha256 ?? sha256(systemPrompt),
    dataset: {
      id: sourceData.dataset_id ?? snakeOf(datasetName),
      version: sourceData.dataset_version ?? 'unknown',
      sha256: sourceData.dataset_sha256 ?? '',
    },
    graders: ours
      ? (runMetrics.get('composite')?.metric_config.additional_details?.components?.split(',').filter(Boolean) ??
        [...graders.values()].map((g) => g.graderId))
      : [...graders.values()].map((g) => g.graderId),
    judges,
    judgeTemplates: {},
    rubrics: [],
    tools: (first?.generation_config?.generation_args?.agentic_eval_config?.available_tools ?? []).map((tool) => ({
      name: tool.name ?? 'tool',
      transport: tool.description?.includes('stdio') ? 'stdio' : 'http',
    })),
    endpoint: generationDetails.endpoint ?? null,
    maxSteps: num(generationDetails.max_steps) ?? null,
    questionPassThreshold:
      num(gate.question_pass_threshold) ??
      num(runMetrics.get('gate')?.score_details.details?.question_pass_threshold) ??
      passThreshold,
    gate: {
      metric: gateMetric.safeParse(gate.gate_metric).data ?? 'avg_score',
      ...(gate.bound === 'lower' || gate.bound === 'point' ? { bound: gate.bound } : {}),
      threshold: num(gate.threshold) ?? passThreshold,
      type: gate.gate_type === 'hard' ? 'hard' : 'soft',
      ...(gate.judge ? { judge: gate.judge as RunIdentity['gate']['judge'] } : {}),
    },
    selection: {
      questionIds: null,
      repeat: num(source.repeat) ?? 1,
      shard,
      ...(ours && source.adaptive === 'true' ? { adaptive: true } : {}),
    },
    regradeOf: source.regrade_of ?? null,
    appVersion: aggregate.eval_library.version,
    source: 'import',
    startedAt: new Date(startedAt).toISOString(),
    finishedAt: new Date(finishedAt).toISOString(),
  };
  return {
    runId: ours ? (source.run_id as string) : `eee-${sha256(aggregate.evaluation_id).slice(0, 16)}`,
    ours,
    identity,
    total: ours ? num(source.total) : undefined,
    startedAt,
    finishedAt,
    shard,
    graders,
    keys:
      ours && coverage
        ? {
            coverageKey: resultKey(coverage),
            compositeKey: runMetrics.has('composite') ? resultKey(runMetrics.get('composite') as EeeResult) : '',
          }
        : undefined,
    runMetrics,
    judgeTrust,
    metrics: aggregate.evaluation_results.map(toMetric),
  };
}

/** The verdict one of our files states (gate, composite, pass rates, coverage and counts), read back exactly. */
export function statedVerdict(mapping: RunMapping): Verdict | null {
  const gate = mapping.runMetrics.get('gate');
  const coverage = mapping.runMetrics.get('coverage');
  if (!gate || !coverage) return null;
  const counts = coverage.score_details.details ?? {};
  const passRate = mapping.runMetrics.get('pass_rate');
  const ci = passRate?.score_details.uncertainty?.confidence_interval;
  const corrected = mapping.runMetrics.get('corrected_pass_rate');
  const correctedCi = corrected?.score_details.uncertainty?.confidence_interval;
  const cd = corrected?.score_details.details ?? {};
  const { identity } = mapping;
  return verdictSchema.parse({
    gate_metric: identity.gate.metric,
    gate_type: identity.gate.type,
    threshold: identity.gate.threshold,
    passed: gate.score_details.score === 1,
    reason: gate.score_details.details?.reason ?? '',
    avg_score: mapping.runMetrics.get('composite')?.score_details.score ?? null,
    pass_rate: passRate?.score_details.score ?? null,
    pass_rate_ci: ci ? [ci.lower, ci.upper] : null,
    coverage: coverage.score_details.score,
    corrected_pass_rate: corrected
      ? {
          grader: cd.grader ?? '',
          n: num(cd.n) ?? 0,
          passed: num(cd.passed) ?? 0,
          observed: num(cd.observed) ?? 0,
          estimate: corrected.score_details.score,
          ci: correctedCi ? [correctedCi.lower, correctedCi.upper] : null,
          confidence: num(cd.confidence) ?? 0.95,
          note: cd.note ?? null,
          method: cd.method ?? '',
          ...(cd.estimator === 'ppi' || cd.estimator === 'rogan_gladen' ? { estimator: cd.estimator } : {}),
          ...(cd.estimator_why ? { why: cd.estimator_why } : {}),
        }
      : null,
    judges: mapping.judgeTrust,
    question_pass_threshold: identity.questionPassThreshold,
    counts: {
      total: num(counts.total) ?? 0,
      scored: num(counts.scored) ?? 0,
      unscored: num(counts.unscored) ?? 0,
      degraded: num(counts.degraded) ?? 0,
      passed: num(counts.passed) ?? 0,
    },
    ...(gate.score_details.details?.quarantined
      ? { quarantined: gate.score_details.details.quarantined.split(',') }
      : {}),
  });
}

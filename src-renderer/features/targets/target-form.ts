// The target editor's form: text fields as typed, converted to a Target and validated with the shared zod schema.
import {
  target as targetSchema,
  type GateMetric,
  type GraderId,
  type Target,
  type ToolServer,
} from '../../../src-shared/model';
import type { FieldIssue } from '../../components/field-issues';

/** One environment variable of a stdio server, as typed (an empty name drops the row on save). */
export type EnvRow = Readonly<{ name: string; value: string }>;

export type ToolRow = Readonly<{
  name: string;
  transport: 'stdio' | 'http';
  command: string;
  /** One argument per entry, passed as is: an argument may contain spaces. */
  args: readonly string[];
  /** The server's environment; null when aieval.yaml gives none (so none is written). */
  env: readonly EnvRow[] | null;
  url: string;
  /** Keys the form does not edit (headers, anything newer), written back unchanged. */
  extra: Readonly<Record<string, unknown>>;
}>;

export type TargetForm = Readonly<{
  id: string;
  label: string;
  mode: 'chat' | 'agent';
  enabled: boolean;
  provider: string;
  model: string;
  system_prompt: string;
  generation: Readonly<{ temperature: string; top_p: string; max_tokens: string; seed: string }>;
  dataset: string;
  graders: readonly GraderId[];
  /** bound '': not written (the point estimate); only corrected_pass_rate has a bound. */
  gate: Readonly<{
    metric: GateMetric;
    bound: '' | 'point' | 'lower';
    threshold: string;
    type: 'hard' | 'soft';
    judge: string;
  }>;
  question_pass_threshold: string;
  response_char_limit: string;
  tools: readonly ToolRow[];
  max_steps: string;
  endpoint: string;
  metadata: Readonly<Record<string, unknown>> | undefined;
  /** Keys of the target the form has no field for, written back untouched. */
  extra: Readonly<Record<string, unknown>>;
}>;

const text = (value: number | undefined) => (value === undefined ? '' : String(value));

export const emptyToolRow = (): ToolRow => ({
  name: '',
  transport: 'stdio',
  command: '',
  args: [],
  env: null,
  url: '',
  extra: {},
});

/** The keys of a target the form edits; any other key is carried in `extra`. */
const FORM_KEYS = new Set([
  'id',
  'label',
  'mode',
  'enabled',
  'provider',
  'model',
  'system_prompt',
  'generation',
  'dataset',
  'graders',
  'gate',
  'question_pass_threshold',
  'response_char_limit',
  'tools',
  'max_steps',
  'endpoint',
  'metadata',
]);

/** A new target: chat mode, the format grader (it needs nothing from the questions), the default gate. */
export function emptyForm(defaults: Readonly<{ provider?: string; dataset?: string }> = {}): TargetForm {
  return formFromTarget(
    targetSchema.parse({
      id: 'new_target',
      provider: defaults.provider ?? 'x',
      model: 'x',
      dataset: defaults.dataset ?? 'x',
      graders: ['format_grader'],
    }),
    { id: '', model: '', provider: defaults.provider ?? '', dataset: defaults.dataset ?? '' },
  );
}

export function formFromTarget(target: Target, overrides: Partial<TargetForm> = {}): TargetForm {
  return {
    id: target.id,
    label: target.label ?? '',
    mode: target.mode,
    enabled: target.enabled,
    provider: target.provider,
    model: target.model,
    system_prompt: target.system_prompt,
    generation: {
      temperature: text(target.generation?.temperature),
      top_p: text(target.generation?.top_p),
      max_tokens: text(target.generation?.max_tokens),
      seed: text(target.generation?.seed),
    },
    dataset: target.dataset,
    graders: [...target.graders],
    gate: {
      metric: target.gate.metric,
      bound: target.gate.bound ?? '',
      threshold: String(target.gate.threshold),
      type: target.gate.type,
      judge: target.gate.judge ?? '',
    },
    question_pass_threshold: text(target.question_pass_threshold),
    response_char_limit: text(target.response_char_limit),
    tools: (target.tools ?? []).map(toolRowOf),
    max_steps: String(target.max_steps),
    endpoint: target.endpoint ?? '',
    metadata: target.metadata,
    extra: Object.fromEntries(Object.entries(target).filter(([key]) => !FORM_KEYS.has(key))),
    ...overrides,
  };
}

function toolRowOf(tool: ToolServer): ToolRow {
  if ('command' in tool) {
    const { name, command, args, env, ...extra } = tool;
    const envRows = env ? Object.entries(env).map(([key, value]) => ({ name: key, value })) : null;
    return { ...emptyToolRow(), name, command, args: [...args], env: envRows, extra };
  }
  const { name, url, ...extra } = tool;
  return { ...emptyToolRow(), name, transport: 'http', url, extra };
}

/** Validates the form: required fields, numbers, the shared target schema, and the editor's own cross-field rules. */
export function validateForm(
  form: TargetForm,
  takenIds: readonly string[] = [],
): { target: Target | undefined; issues: FieldIssue[] } {
  const issues: FieldIssue[] = [];
  const num = (value: string, path: string): number | undefined => {
    if (value.trim() === '') return undefined;
    const parsed = Number(value);
    if (Number.isFinite(parsed)) return parsed;
    issues.push({ path, message: 'must be a number' });
    return undefined;
  };
  for (const [path, value, what] of [
    ['id', form.id, 'an id'],
    ['provider', form.provider, 'a provider'],
    ['model', form.model, 'a model'],
    ['dataset', form.dataset, 'a dataset'],
  ] as const) {
    if (value.trim() === '') issues.push({ path, message: `required: enter ${what}` });
  }
  if (takenIds.includes(form.id))
    issues.push({ path: 'id', message: `a target "${form.id}" already exists; pick another id` });
  const generation = omitEmpty({
    temperature: num(form.generation.temperature, 'generation.temperature'),
    top_p: num(form.generation.top_p, 'generation.top_p'),
    max_tokens: num(form.generation.max_tokens, 'generation.max_tokens'),
    seed: num(form.generation.seed, 'generation.seed'),
  });
  const threshold = num(form.gate.threshold, 'gate.threshold');
  if (threshold === undefined && form.gate.threshold.trim() === '')
    issues.push({ path: 'gate.threshold', message: 'required: enter a threshold' });
  if (form.gate.metric !== 'avg_score' && threshold !== undefined && threshold > 1) {
    issues.push({ path: 'gate.threshold', message: 'a pass rate is between 0 and 1 (0.8 means 80%)' });
  }
  if (form.gate.judge && !form.graders.includes(form.gate.judge as GraderId)) {
    issues.push({ path: 'gate.judge', message: 'the gate’s judge must be one of the attached graders' });
  }
  const agent = form.mode === 'agent';
  if (agent) {
    form.tools.forEach((row, index) => {
      if (!row.name.trim()) issues.push({ path: `tools.${index}.name`, message: 'required: name the server' });
      const [key, value] = row.transport === 'http' ? (['url', row.url] as const) : (['command', row.command] as const);
      if (!value.trim()) issues.push({ path: `tools.${index}.${key}`, message: `required: enter the ${key}` });
    });
  }
  const raw = omitEmpty({
    ...form.extra,
    id: form.id,
    label: form.label.trim() || undefined,
    mode: form.mode,
    enabled: form.enabled,
    provider: form.provider,
    model: form.model.trim(),
    system_prompt: form.system_prompt,
    generation: Object.keys(generation).length ? generation : undefined,
    dataset: form.dataset,
    graders: [...form.graders],
    gate: omitEmpty({
      metric: form.gate.metric,
      bound: (form.gate.metric === 'corrected_pass_rate' && form.gate.bound) || undefined,
      threshold,
      type: form.gate.type,
      judge: form.gate.judge || undefined,
    }),
    question_pass_threshold: num(form.question_pass_threshold, 'question_pass_threshold'),
    response_char_limit: num(form.response_char_limit, 'response_char_limit'),
    tools: agent && form.tools.length ? form.tools.map(toolOf) : undefined,
    max_steps: num(form.max_steps, 'max_steps'),
    endpoint: agent ? form.endpoint.trim() || undefined : undefined,
    metadata: form.metadata,
  });
  const parsed = targetSchema.safeParse(raw);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = issue.path.map(String).join('.');
      // A union's "Invalid input" on a tool row adds nothing when a field of that row is already named.
      if (!issues.some((known) => known.path === path || known.path.startsWith(`${path}.`)))
        issues.push({ path, message: issue.message });
    }
  }
  return { target: issues.length === 0 && parsed.success ? parsed.data : undefined, issues };
}

function toolOf(row: ToolRow): Record<string, unknown> {
  if (row.transport === 'http') return { ...row.extra, name: row.name.trim(), url: row.url.trim() };
  const env = row.env?.filter((variable) => variable.name.trim() !== '');
  return omitEmpty({
    ...row.extra,
    name: row.name.trim(),
    command: row.command.trim(),
    args: [...row.args],
    env: env ? Object.fromEntries(env.map((variable) => [variable.name.trim(), variable.value])) : undefined,
  });
}

/** Drops undefined values, so a cleared field removes its key from aieval.yaml instead of leaving it behind. */
function omitEmpty<T extends Record<string, unknown>>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** What every section of the editor receives: the form, the problems at a path, and the edit event. */
export type SectionProps = Readonly<{
  form: TargetForm;
  at: (path: string, nested?: boolean) => string[];
  edit: (patch: Partial<TargetForm>) => void;
}>;

/** The keys of the form whose value is one string (or a choice of words), edited as typed. */
type TextKey = { [K in keyof TargetForm]: TargetForm[K] extends string ? K : never }[keyof TargetForm];

/** Ties a field to one key of the form: its problems, its value, and the edit that sets it. */
export function bindField(form: TargetForm, at: SectionProps['at'], edit: SectionProps['edit']) {
  return <K extends TextKey>(key: K) => ({
    messages: at(key),
    value: form[key],
    onChange: (value: TargetForm[K]) => edit({ [key]: value }),
  });
}

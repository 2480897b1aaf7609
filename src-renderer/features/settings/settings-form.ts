// The settings screen's form: settings, the default judge and the provider connections as typed, converted and validated with the shared schemas.
import {
  judgeConfig as judgeSchema,
  providerConfig as providerSchema,
  settings as settingsSchema,
  traitsOf,
  type ProviderConfig,
  type ProviderKind,
  type Settings,
  type WorkspaceConfig,
} from '../../../src-shared/model';
import type { FieldIssue } from '../../components/field-issues';
import { SETTINGS_SECTIONS } from './settings-fields';

type JudgeConfig = NonNullable<WorkspaceConfig['judge']>;
type ModelRefForm = Readonly<{ provider: string; model: string }>;

export type SettingsForm = Readonly<{
  /** By the path of each field of SETTINGS_SECTIONS: numbers and text as typed, booleans as booleans. */
  values: Readonly<Record<string, string | boolean>>;
  proposer: ModelRefForm;
}>;

export type JudgeForm = ModelRefForm & Readonly<{ overrides: JudgeConfig['overrides'] }>;

export type ConnectionForm = Readonly<{
  name: string;
  kind: ProviderKind;
  base_url: string;
  api_key_env: string;
  file: string;
  metadata: ProviderConfig['metadata'];
  /** Not in aieval.yaml yet: its key can be stored once it is saved. */
  isNew: boolean;
}>;

/** Everything the settings screen edits: the settings, the default judge and the provider connections. */
export type SettingsDraft = Readonly<{
  settings: SettingsForm;
  judge: JudgeForm;
  connections: readonly ConnectionForm[];
}>;

const FIELDS = SETTINGS_SECTIONS.flatMap((section) => section.fields);

const valueAt = (object: unknown, path: string): unknown =>
  path
    .split('.')
    .reduce<unknown>(
      (node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined),
      object,
    );

function setAt(object: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split('.');
  let node = object;
  for (const key of keys.slice(0, -1)) node = (node[key] ??= {}) as Record<string, unknown>;
  node[keys.at(-1)!] = value;
}

export function settingsFormOf(settings: Settings): SettingsForm {
  const values = Object.fromEntries(
    FIELDS.map((field) => {
      const value = valueAt(settings, field.path);
      return [field.path, typeof value === 'boolean' ? value : String(value ?? '')];
    }),
  );
  return { values, proposer: settings.optimizer.proposer ?? { provider: '', model: '' } };
}

/** The settings to save, or the problems by path (`settings.concurrency`), the way aieval.yaml issues are named. */
export function settingsFromForm(form: SettingsForm): { settings: Settings | undefined; issues: FieldIssue[] } {
  const issues: FieldIssue[] = [];
  const raw: Record<string, unknown> = {};
  for (const field of FIELDS) {
    const value = form.values[field.path];
    if (typeof value === 'boolean' || value === undefined) {
      setAt(raw, field.path, value ?? false);
      continue;
    }
    if (value.trim() === '' && field.optional) continue;
    if (field.kind === 'text' || field.kind === 'choice') {
      setAt(raw, field.path, value.trim());
      continue;
    }
    const parsed = Number(value);
    if (value.trim() === '') issues.push({ path: `settings.${field.path}`, message: 'required: enter a number' });
    else if (!Number.isFinite(parsed)) issues.push({ path: `settings.${field.path}`, message: 'must be a number' });
    else setAt(raw, field.path, parsed);
  }
  const proposer = modelRefOf(form.proposer, 'settings.optimizer.proposer', issues);
  if (proposer) setAt(raw, 'optimizer.proposer', proposer);
  const parsed = settingsSchema.safeParse(raw);
  if (!parsed.success) issues.push(...zodIssues(parsed.error.issues, 'settings', issues));
  return { settings: issues.length === 0 && parsed.success ? parsed.data : undefined, issues };
}

export const judgeFormOf = (judge: JudgeConfig | null): JudgeForm => ({
  provider: judge?.provider ?? '',
  model: judge?.model ?? '',
  overrides: judge?.overrides,
});

/** The judge to save (null when both fields are empty: no default judge), or the problems by path (`judge.model`). */
export function judgeFromForm(form: JudgeForm): { judge: JudgeConfig | null; issues: FieldIssue[] } {
  const issues: FieldIssue[] = [];
  const ref = modelRefOf(form, 'judge', issues);
  if (!ref) return { judge: null, issues };
  const parsed = judgeSchema.safeParse(form.overrides ? { ...ref, overrides: form.overrides } : ref);
  if (!parsed.success) issues.push(...zodIssues(parsed.error.issues, 'judge', issues));
  return { judge: parsed.success ? parsed.data : null, issues };
}

export function connectionFormOf(name: string, config: ProviderConfig): ConnectionForm {
  return {
    name,
    kind: config.kind,
    base_url: config.base_url ?? '',
    api_key_env: config.api_key_env ?? '',
    file: config.file ?? '',
    metadata: config.metadata,
    isNew: false,
  };
}

export const newConnection = (name: string, kind: ProviderKind): ConnectionForm => ({
  name,
  kind,
  base_url: '',
  api_key_env: '',
  file: '',
  metadata: undefined,
  isNew: true,
});

/** One connection as aieval.yaml would hold it: empty fields are left out, and `file` only for a cassette (replay). */
export function connectionConfigOf(row: ConnectionForm): { config: ProviderConfig | undefined; issues: FieldIssue[] } {
  const cassette = traitsOf(row.kind).connection === 'cassette';
  const raw = Object.fromEntries(
    Object.entries({
      kind: row.kind,
      base_url: cassette ? '' : row.base_url.trim(),
      api_key_env: cassette ? '' : row.api_key_env.trim(),
      file: cassette ? row.file.trim() : '',
      metadata: row.metadata,
    }).filter(([, value]) => value !== '' && value !== undefined),
  );
  const prefix = `providers.${row.name}`;
  const issues: FieldIssue[] =
    cassette && !row.file.trim()
      ? [{ path: `${prefix}.file`, message: 'required: the JSONL cassette to answer from' }]
      : [];
  const parsed = providerSchema.safeParse(raw);
  if (!parsed.success) issues.push(...zodIssues(parsed.error.issues, prefix, issues));
  return { config: issues.length === 0 && parsed.success ? parsed.data : undefined, issues };
}

/** Every connection, keyed by name, or the problems (duplicate or empty names, invalid fields). */
export function connectionsFromForm(rows: readonly ConnectionForm[]): {
  providers: Record<string, ProviderConfig> | undefined;
  issues: FieldIssue[];
} {
  const issues: FieldIssue[] = [];
  const providers: Record<string, ProviderConfig> = {};
  for (const row of rows) {
    if (Object.hasOwn(providers, row.name))
      issues.push({ path: `providers.${row.name}`, message: `two connections are named "${row.name}"` });
    const { config, issues: own } = connectionConfigOf(row);
    issues.push(...own);
    if (config) providers[row.name] = config;
  }
  return { providers: issues.length === 0 ? providers : undefined, issues };
}

function modelRefOf(form: ModelRefForm, prefix: string, issues: FieldIssue[]): ModelRefForm | undefined {
  const provider = form.provider.trim();
  const model = form.model.trim();
  if (!provider && !model) return undefined;
  if (!provider) issues.push({ path: `${prefix}.provider`, message: 'required: pick a provider' });
  if (!model) issues.push({ path: `${prefix}.model`, message: 'required: enter a model' });
  return { provider, model };
}

/** zod's problems as FieldIssues under `prefix`, leaving out paths already explained. */
function zodIssues(
  raw: readonly { path: readonly PropertyKey[]; message: string }[],
  prefix: string,
  known: readonly FieldIssue[],
): FieldIssue[] {
  return raw
    .map((issue) => ({ path: [prefix, ...issue.path.map(String)].join('.'), message: issue.message }))
    .filter((issue) => !known.some((k) => k.path === issue.path));
}

/** Everything the draft would save, validated; a part is undefined (or null for no judge) while it has problems. */
export function validateDraft(draft: SettingsDraft) {
  const settings = settingsFromForm(draft.settings);
  const judge = judgeFromForm(draft.judge);
  const connections = connectionsFromForm(draft.connections);
  return { settings, judge, connections, issues: [...settings.issues, ...judge.issues, ...connections.issues] };
}

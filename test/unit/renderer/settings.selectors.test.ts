import { describe, expect, it } from 'vitest';
import { settings as settingsSchema, type WorkspaceIssue } from '../../../src-shared/model';
import type { ConnectionTest } from '../../../src-shared/contract/providers.contract';
import { SETTINGS_SECTIONS } from '../../../src-renderer/features/settings/settings-fields';
import {
  connectionFormOf,
  connectionsFromForm,
  judgeFormOf,
  judgeFromForm,
  newConnection,
  settingsFormOf,
  settingsFromForm,
  validateDraft,
  type SettingsDraft,
} from '../../../src-renderer/features/settings/settings-form';
import {
  keyStatusText,
  testLook,
  unplacedIssues,
  visibleDraftIssues,
} from '../../../src-renderer/features/settings/settings.selectors';

const defaults = settingsSchema.parse({});
const leafPaths = (value: unknown, prefix = ''): string[] =>
  Object.entries(value as Record<string, unknown>).flatMap(([key, child]) =>
    child && typeof child === 'object' ? leafPaths(child, `${prefix}${key}.`) : [`${prefix}${key}`],
  );

describe('settings fields', () => {
  it('cover every setting of the schema exactly once (the proposer has its own fields)', () => {
    const listed = SETTINGS_SECTIONS.flatMap((section) => section.fields.map((field) => field.path));
    expect(new Set(listed).size).toBe(listed.length);
    // concurrency and the receiver's token variable have no default (unset: measured for Ollama targets; no token),
    // so they are listed from a value.
    const withOptional = settingsSchema.parse({ concurrency: 4, otlp_receiver: { token_env: 'OTLP_TOKEN' } });
    expect([...listed].sort()).toEqual(leafPaths(withOptional).sort());
  });

  it('offer the Ollama schedule as a choice of what aieval.yaml takes, never a free-text box (issue 49)', () => {
    const schedule = SETTINGS_SECTIONS.flatMap((section) => section.fields).find((f) => f.path === 'ollama.schedule');
    expect(schedule).toMatchObject({ kind: 'choice', options: ['phased', 'interleaved'] });
    const form = settingsFormOf(defaults);
    const chosen = { ...form, values: { ...form.values, 'ollama.schedule': 'interleaved' } };
    expect(settingsFromForm(chosen).settings?.ollama.schedule).toBe('interleaved');
  });
});

describe('settings form', () => {
  it('round-trips the settings, including a proposer', () => {
    const withProposer = settingsSchema.parse({
      concurrency: 8,
      optimizer: { proposer: { provider: 'local', model: 'm' } },
    });
    expect(settingsFromForm(settingsFormOf(defaults))).toEqual({ settings: defaults, issues: [] });
    expect(settingsFromForm(settingsFormOf(withProposer))).toEqual({ settings: withProposer, issues: [] });
  });

  it('names each problem by its path in aieval.yaml, in words', () => {
    const form = settingsFormOf(defaults);
    const edited = {
      ...form,
      values: {
        ...form.values,
        concurrency: '0',
        request_timeout_ms: '',
        'judges.min_tpr': 'high',
        'judges.confidence': '1',
      },
      proposer: { provider: 'local', model: '' },
    };
    expect(settingsFromForm(edited).issues.map((i) => `${i.path}: ${i.message}`)).toEqual([
      'settings.request_timeout_ms: required: enter a number',
      'settings.judges.min_tpr: must be a number',
      'settings.optimizer.proposer.model: required: enter a model',
      'settings.concurrency: Too small: expected number to be >=1',
      'settings.judges.confidence: Too big: expected number to be <1',
    ]);
  });

  it('saves no judge when both fields are empty, and asks for the missing half otherwise', () => {
    expect(judgeFromForm(judgeFormOf(null))).toEqual({ judge: null, issues: [] });
    const judge = {
      provider: 'local',
      model: 'llama3.1:8b',
      overrides: { groundedness_grader: { provider: 'claude', model: 'c' } },
    };
    expect(judgeFromForm(judgeFormOf(judge))).toEqual({ judge, issues: [] });
    expect(judgeFromForm({ ...judgeFormOf(judge), model: ' ' }).issues).toEqual([
      { path: 'judge.model', message: 'required: enter a model' },
    ]);
  });

  it('writes connections without empty keys, keeps metadata, and refuses duplicates and a replay without a cassette', () => {
    const local = connectionFormOf('local', {
      kind: 'ollama',
      base_url: 'http://localhost:11434',
      metadata: { team: 'a' },
    });
    const cloud = { ...newConnection('cloud', 'openai'), api_key_env: ' OPENAI_KEY ' };
    expect(connectionsFromForm([local, cloud])).toEqual({
      providers: {
        local: { kind: 'ollama', base_url: 'http://localhost:11434', metadata: { team: 'a' } },
        cloud: { kind: 'openai', api_key_env: 'OPENAI_KEY' },
      },
      issues: [],
    });
    const problems = connectionsFromForm([
      local,
      { ...local },
      newConnection('tape', 'replay'),
      { ...newConnection('bad', 'openai'), base_url: 'localhost', api_key_env: 'not-a-var' },
    ]).issues;
    expect(problems.map((i) => `${i.path}: ${i.message}`)).toEqual([
      'providers.local: two connections are named "local"',
      'providers.tape.file: required: the JSONL cassette to answer from',
      'providers.bad.base_url: must be an http(s) URL',
      'providers.bad.api_key_env: must be an environment variable name',
    ]);
  });
});

describe('settings selectors', () => {
  it('tells where a key comes from without ever holding it', () => {
    const status = (
      source: 'keychain' | 'environment' | null,
      variable: string | null = 'OPENAI_API_KEY',
      restricted = false,
    ) => ({
      provider: 'p',
      variable,
      source,
      storage: 'keychain' as const,
      restricted,
      userVariable: 'AIEVAL_KEY_P',
    });
    expect(keyStatusText(status(null, null))).toEqual({ tone: 'neutral', text: 'No key needed' });
    expect(keyStatusText(status('keychain'))).toEqual({
      tone: 'pass',
      text: '••• stored in the OS keychain (as OPENAI_API_KEY)',
    });
    expect(keyStatusText(status('environment'))).toEqual({
      tone: 'pass',
      text: '••• from the environment (OPENAI_API_KEY)',
    });
    expect(keyStatusText(status(null))).toEqual({
      tone: 'fail',
      text: 'Missing: no OPENAI_API_KEY in the keychain or the environment',
    });
    expect(keyStatusText(status(null, 'OPENAI_API_KEY', true))).toEqual({
      tone: 'fail',
      text: 'Withheld: this workspace is untrusted, so OPENAI_API_KEY is not read; trust the workspace, set AIEVAL_KEY_P, or store a key here',
    });
    expect(keyStatusText(status('environment', 'OPENAI_API_KEY', true)).text).toBe(
      '••• from the environment (AIEVAL_KEY_P)',
    );
  });

  it('words a connection test, without the headline its badge already says', () => {
    const failed = (problem: ConnectionTest['problem'], message: string) =>
      testLook({ ok: false, problem, message, latencyMs: 3, modelCount: null });
    expect(
      testLook({
        ok: true,
        problem: null,
        message: 'OK: connected to http://127.0.0.1:11434; 2 models available.',
        latencyMs: 12,
        modelCount: 2,
      }),
    ).toEqual({ tone: 'pass', word: 'connected', text: 'to http://127.0.0.1:11434; 2 models available. (12 ms)' });
    expect(
      testLook({
        ok: true,
        problem: null,
        message: 'OK: replays rec.jsonl; 1 model available.',
        latencyMs: 1,
        modelCount: 1,
      }).text,
    ).toBe('replays rec.jsonl; 1 model available. (1 ms)');
    // Not "✕ unreachable Unreachable: …" (issue 49).
    expect(failed('unreachable', 'Unreachable: provider "local" (ollama, http://x) did not answer')).toEqual({
      tone: 'fail',
      word: 'unreachable',
      text: 'provider "local" (ollama, http://x) did not answer',
    });
    expect(failed('unauthorized', 'Key refused (HTTP 401): the server did not accept the API key')).toEqual({
      tone: 'fail',
      word: 'key refused',
      text: 'HTTP 401: the server did not accept the API key',
    });
    expect(failed('not_found', 'Not found (HTTP 404): check base_url')).toMatchObject({
      word: 'not found',
      text: 'HTTP 404: check base_url',
    });
    expect(failed('no_key', 'No API key: set OPENAI_API_KEY in the environment.')).toMatchObject({
      word: 'no API key',
      text: 'set OPENAI_API_KEY in the environment.',
    });
    expect(failed('no_key', 'No API key (restricted mode): withheld.').text).toBe('restricted mode: withheld.');
    expect(failed('config', 'Configuration problem: base_url is not a URL')).toMatchObject({
      word: 'config',
      text: 'Configuration problem: base_url is not a URL',
    });
  });

  it('shows a problem once its field changed, all after a save attempt, and the rest of the file in the banner', () => {
    const loaded: SettingsDraft = {
      settings: settingsFormOf(defaults),
      judge: judgeFormOf(null),
      connections: [connectionFormOf('local', { kind: 'ollama' })],
    };
    const draft: SettingsDraft = {
      ...loaded,
      settings: { ...loaded.settings, values: { ...loaded.settings.values, concurrency: '0' } },
      judge: { ...loaded.judge, provider: 'local' },
    };
    const issues = validateDraft(draft).issues;
    expect(issues.map((i) => i.path)).toEqual(['settings.concurrency', 'judge.model']);
    expect(visibleDraftIssues(issues, draft, loaded, false).map((i) => i.path)).toEqual([
      'settings.concurrency',
      'judge.model',
    ]);
    const untouched = { ...draft, judge: loaded.judge };
    expect(visibleDraftIssues([{ path: 'judge.model', message: 'x' }], untouched, loaded, false)).toEqual([]);
    expect(visibleDraftIssues([{ path: 'judge.model', message: 'x' }], untouched, loaded, true)).toHaveLength(1);
    const issue = (path: string): WorkspaceIssue => ({
      file: 'aieval.yaml',
      line: 1,
      column: 1,
      path,
      message: 'm',
      severity: 'error',
    });
    expect(
      unplacedIssues([
        issue('targets.0.provider'),
        issue('providers.local.kind'),
        issue('settings.concurrency'),
        issue('judge'),
      ]).map((i) => i.path),
    ).toEqual(['targets.0.provider']);
  });
});

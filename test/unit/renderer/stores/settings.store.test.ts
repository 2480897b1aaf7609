// The settings store against a fake aieval.yaml: load, edit, validate, save in order, refusals, keys, tests, disk changes.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSettings } from '../../../../src-renderer/features/settings/settings.store';
import { useModelLists } from '../../../../src-renderer/components/models.store';
import { settings as settingsSchema, type ProviderConfig } from '../../../../src-shared/model';
import { answer, calledWith, held, heldAnswers, refuse, resetService } from './fake-service';

vi.mock('../../../../src-renderer/api/transport', () => import('./fake-transport'));

/** What the fake service holds as aieval.yaml. */
let file: { settings: unknown; judge: unknown; providers: Record<string, ProviderConfig> };

const keyOf = (provider: string, source: string) => ({ provider, variable: 'OPENAI_API_KEY', source });

function serveFile() {
  answer('settings.get', () => file.settings);
  answer('providers.getJudge', () => file.judge);
  answer('providers.list', () =>
    Object.entries(file.providers).map(([name, config]) => ({ name, config, address: '', key: keyOf(name, 'none') })),
  );
}

const state = () => useSettings.getState();

beforeEach(async () => {
  resetService();
  useSettings.setState(useSettings.getInitialState(), true);
  useModelLists.setState(useModelLists.getInitialState(), true);
  file = {
    settings: settingsSchema.parse({ concurrency: 4 }),
    judge: { provider: 'local', model: 'llama3.1:8b' },
    providers: { local: { kind: 'ollama' } },
  };
  serveFile();
  answer('providers.save', ({ providers, judge }) => {
    file = { ...file, providers: providers as never, judge };
    return { issues: [] };
  });
  answer('settings.set', ({ settings }) => {
    file = { ...file, settings };
    return { issues: [] };
  });
  await state().settingsOpened();
});

describe('settings store', () => {
  it('loads the form as aieval.yaml holds it; edits change the draft only, revert restores it', () => {
    expect(state().draft).toEqual(state().loaded);
    expect(state().draft?.connections.map((row) => row.name)).toEqual(['local']);
    state().settingEdited('concurrency', '8');
    state().connectionAdded('cloud', 'openai');
    expect(state().draft?.settings.values['concurrency']).toBe('8');
    expect(state().loaded?.settings.values['concurrency']).toBe('4');
    state().reverted();
    expect(state().draft).toEqual(state().loaded);
  });

  it('does not save an invalid form, and says it tried', async () => {
    state().settingEdited('concurrency', '0');
    await state().saveRequested();
    expect(state()).toMatchObject({ attempted: true, saving: false });
    expect(calledWith('settings.set')).toHaveLength(0);
  });

  it('saves the connections before the settings, reloads, and drops the cached model lists', async () => {
    useModelLists.setState({ lists: { local: { models: ['old'], error: null } } as never });
    state().connectionAdded('cloud', 'openai');
    state().settingEdited('concurrency', '8');
    await state().saveRequested();
    expect(calledWith('providers.save')).toEqual([
      { providers: { local: { kind: 'ollama' }, cloud: { kind: 'openai' } }, judge: file.judge },
    ]);
    expect(calledWith('settings.set')).toHaveLength(1);
    expect(state()).toMatchObject({ notice: 'Saved to aieval.yaml.', saving: false, error: undefined });
    expect(state().loaded?.connections.map((row) => row.name)).toEqual(['local', 'cloud']);
    expect(state().loaded?.settings.values['concurrency']).toBe('8');
    expect(useModelLists.getState().lists).toEqual({});
  });

  it('saves only what changed', async () => {
    state().settingEdited('concurrency', '2');
    await state().saveRequested();
    expect(calledWith('providers.save')).toHaveLength(0);
    expect(calledWith('settings.set')).toHaveLength(1);
  });

  it('keeps the form and shows the issues when the service says the file would be invalid', async () => {
    const issue = { severity: 'error', message: 'judge.provider: no connection named gone', file: 'aieval.yaml' };
    answer('providers.save', () => ({ issues: [issue] }));
    state().connectionRemoved('local');
    await state().saveRequested();
    expect(state()).toMatchObject({
      serverIssues: [issue],
      error: 'Not saved: aieval.yaml would be invalid.',
      saving: false,
    });
    expect(state().draft?.connections).toEqual([]);
    expect(calledWith('settings.set')).toHaveLength(0);
  });

  it('says why a save failed', async () => {
    refuse('settings.set', 'aieval.yaml changed on disk.', 'conflict');
    state().settingEdited('concurrency', '2');
    await state().saveRequested();
    expect(state()).toMatchObject({ error: 'aieval.yaml changed on disk.', saving: false, notice: undefined });
  });

  it('tests a connection as drafted, forgetting the result when the connection is edited', async () => {
    const answerTest = held<unknown>();
    answer('providers.test', () => answerTest.promise);
    const testing = state().connectionTested('local');
    expect(state().tests['local']).toBe('running');
    answerTest.resolve({ ok: true, problem: null, message: 'ok', latencyMs: 12, modelCount: 3 });
    await testing;
    expect(state().tests['local']).toMatchObject({ ok: true, modelCount: 3 });
    expect(calledWith('providers.test')).toEqual([{ provider: 'local', config: { kind: 'ollama' } }]);

    state().connectionEdited('local', { base_url: 'http://127.0.0.1:1' });
    expect(state().tests['local']).toBeUndefined();
    refuse('providers.test', 'connect ECONNREFUSED', 'unavailable');
    await state().connectionTested('local');
    expect(state().tests['local']).toMatchObject({ ok: false, problem: 'error', message: 'connect ECONNREFUSED' });
  });

  it('stores and clears a key, showing the new key status; a refused key says why', async () => {
    answer('secrets.set', ({ provider }) => keyOf(String(provider), 'keychain'));
    expect(await state().keyStored('local', 'sk-1')).toBe(true);
    expect(state().summaries[0]?.key.source).toBe('keychain');

    refuse('secrets.set', 'The keychain is locked.', 'unavailable');
    expect(await state().keyStored('local', 'sk-2')).toBe(false);
    expect(state().keyErrors).toEqual({ local: 'The keychain is locked.' });

    answer('secrets.clear', ({ provider }) => keyOf(String(provider), 'none'));
    await state().keyCleared('local');
    expect(state().summaries[0]?.key.source).toBe('none');
    answer('secrets.set', ({ provider }) => keyOf(String(provider), 'keychain'));
    await state().keyStored('local', 'sk-3');
    expect(state().keyErrors).toEqual({});
  });

  it('follows aieval.yaml when unedited, offers it when edited; keep mine or reload', async () => {
    file = { ...file, settings: settingsSchema.parse({ concurrency: 6 }) };
    await state().diskChanged();
    expect(state().draft?.settings.values['concurrency']).toBe('6');
    expect(state().onDisk).toBeUndefined();

    state().settingEdited('concurrency', '9');
    file = { ...file, settings: settingsSchema.parse({ concurrency: 7 }) };
    await state().diskChanged();
    expect(state().onDisk?.settings.values['concurrency']).toBe('7');
    expect(state().draft?.settings.values['concurrency']).toBe('9');

    state().keepMineRequested();
    expect(state()).toMatchObject({ onDisk: undefined });
    expect(state().loaded?.settings.values['concurrency']).toBe('7');
    expect(state().draft?.settings.values['concurrency']).toBe('9');

    file = { ...file, settings: settingsSchema.parse({ concurrency: 5 }) };
    await state().diskChanged();
    state().reloadRequested();
    expect(state().draft?.settings.values['concurrency']).toBe('5');
    expect(state().draft).toEqual(state().loaded);
  });

  it('keeps the form of the latest load when an earlier load answers late', async () => {
    const [older] = heldAnswers('settings.get', 1);
    const first = state().settingsOpened();
    answer('settings.get', () => settingsSchema.parse({ concurrency: 3 }));
    await state().settingsOpened();
    older!.resolve(settingsSchema.parse({ concurrency: 1 }));
    await first;
    expect(state().draft?.settings.values['concurrency']).toBe('3');
  });
});

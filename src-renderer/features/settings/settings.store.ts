// Settings state: the form (settings, judge, connections) and what was loaded, connection tests, key status; actions named as events.
import { create } from 'zustand';
import type { ConnectionTest, ProviderSummary } from '../../../src-shared/contract/providers.contract';
import type { ProviderKind, WorkspaceIssue } from '../../../src-shared/model';
import { api } from '../../api/client';
import { latestRequest } from '../../api/latest-request';
import { diskChangeOutcome } from '../../components/disk-change';
import { useModelLists } from '../../components/models.store';
import {
  connectionConfigOf,
  connectionFormOf,
  judgeFormOf,
  newConnection,
  settingsFormOf,
  validateDraft,
  type ConnectionForm,
  type SettingsDraft,
  type SettingsForm,
} from './settings-form';
import { changed } from './settings.selectors';
import { messageOf } from '../../../src-shared/text/message-of';

type SettingsState = {
  loaded: SettingsDraft | undefined;
  draft: SettingsDraft | undefined;
  summaries: readonly ProviderSummary[];
  tests: Readonly<Record<string, ConnectionTest | 'running'>>;
  keyErrors: Readonly<Record<string, string>>;
  serverIssues: readonly WorkspaceIssue[];
  attempted: boolean;
  saving: boolean;
  notice: string | undefined;
  error: string | undefined;
  /** The settings as another program changed them in aieval.yaml while the form has unsaved edits. */
  onDisk: SettingsDraft | undefined;
  settingsOpened(): Promise<void>;
  settingEdited(path: string, value: string | boolean): void;
  draftEdited(patch: Partial<Pick<SettingsDraft, 'judge'>> & { proposer?: SettingsForm['proposer'] }): void;
  connectionEdited(name: string, patch: Partial<ConnectionForm>): void;
  connectionAdded(name: string, kind: ProviderKind): void;
  connectionRemoved(name: string): void;
  connectionTested(name: string): Promise<void>;
  keyStored(name: string, key: string): Promise<boolean>;
  keyCleared(name: string): Promise<void>;
  saveRequested(): Promise<void>;
  reverted(): void;
  /** aieval.yaml may have changed on disk: an unedited form follows it, an edited one is offered reload or compare. */
  diskChanged(): Promise<void>;
  /** Takes the settings as they are on disk, dropping the unsaved edits. */
  reloadRequested(): void;
  /** Keeps the unsaved edits; the next save writes them over the settings as they now are on disk. */
  keepMineRequested(): void;
};

/** The settings, judge and connections as aieval.yaml holds them now, in the form's shape. */
async function readDraft(): Promise<{ loaded: SettingsDraft; summaries: ProviderSummary[] }> {
  const [settings, judge, summaries] = await Promise.all([
    api['settings.get']({}),
    api['providers.getJudge']({}),
    api['providers.list']({}),
  ]);
  const loaded = {
    settings: settingsFormOf(settings),
    judge: judgeFormOf(judge),
    connections: summaries.map((s) => connectionFormOf(s.name, s.config)),
  };
  return { loaded, summaries };
}

const reading = latestRequest();

export const useSettings = create<SettingsState>((set, get) => {
  const editDraft = (edit: (draft: SettingsDraft) => SettingsDraft) => {
    const draft = get().draft;
    if (draft) set({ draft: edit(draft), notice: undefined });
  };
  const fail = (error: unknown) => set({ error: messageOf(error) });

  return {
    loaded: undefined,
    draft: undefined,
    summaries: [],
    tests: {},
    keyErrors: {},
    serverIssues: [],
    attempted: false,
    saving: false,
    notice: undefined,
    error: undefined,
    onDisk: undefined,

    async settingsOpened() {
      const isCurrent = reading();
      try {
        const { loaded, summaries } = await readDraft();
        if (!isCurrent()) return;
        set({
          loaded,
          draft: loaded,
          summaries,
          serverIssues: [],
          attempted: false,
          error: undefined,
          onDisk: undefined,
        });
      } catch (error) {
        if (isCurrent()) fail(error);
      }
    },

    settingEdited(path, value) {
      editDraft((draft) => ({
        ...draft,
        settings: { ...draft.settings, values: { ...draft.settings.values, [path]: value } },
      }));
    },

    draftEdited({ judge, proposer }) {
      editDraft((draft) => ({
        ...draft,
        ...(judge ? { judge } : {}),
        ...(proposer ? { settings: { ...draft.settings, proposer } } : {}),
      }));
    },

    connectionEdited(name, patch) {
      editDraft((draft) => ({
        ...draft,
        connections: draft.connections.map((row) => (row.name === name ? { ...row, ...patch } : row)),
      }));
      const { [name]: _stale, ...tests } = get().tests;
      set({ tests });
    },

    connectionAdded(name, kind) {
      editDraft((draft) => ({ ...draft, connections: [...draft.connections, newConnection(name, kind)] }));
    },

    connectionRemoved(name) {
      editDraft((draft) => ({ ...draft, connections: draft.connections.filter((row) => row.name !== name) }));
    },

    async connectionTested(name) {
      const row = get().draft?.connections.find((r) => r.name === name);
      const config = row && connectionConfigOf(row).config;
      if (!config) return set({ attempted: true });
      set({ tests: { ...get().tests, [name]: 'running' } });
      try {
        const result = await api['providers.test']({ provider: name, config });
        set({ tests: { ...get().tests, [name]: result } });
      } catch (error) {
        set({
          tests: {
            ...get().tests,
            [name]: { ok: false, problem: 'error', message: messageOf(error), latencyMs: 0, modelCount: null },
          },
        });
      }
    },

    async keyStored(name, key) {
      const { [name]: _old, ...keyErrors } = get().keyErrors;
      set({ keyErrors });
      try {
        const status = await api['secrets.set']({ provider: name, key });
        set({ summaries: get().summaries.map((s) => (s.name === name ? { ...s, key: status } : s)) });
        useModelLists.getState().connectionsChanged();
        return true;
      } catch (error) {
        set({ keyErrors: { ...get().keyErrors, [name]: messageOf(error) } });
        return false;
      }
    },

    async keyCleared(name) {
      try {
        const status = await api['secrets.clear']({ provider: name });
        set({ summaries: get().summaries.map((s) => (s.name === name ? { ...s, key: status } : s)) });
        useModelLists.getState().connectionsChanged();
      } catch (error) {
        set({ keyErrors: { ...get().keyErrors, [name]: messageOf(error) } });
      }
    },

    async saveRequested() {
      const { draft, loaded, saving } = get();
      if (!draft || !loaded || saving) return;
      set({ attempted: true, notice: undefined, error: undefined });
      const { settings, judge, connections, issues } = validateDraft(draft);
      if (issues.length > 0 || !settings.settings || !connections.providers) return;
      set({ saving: true });
      try {
        // Connections first: the judge, the proposer and the targets name them.
        if (changed(draft.connections, loaded.connections) || changed(draft.judge, loaded.judge)) {
          const saved = await api['providers.save']({ providers: connections.providers, judge: judge.judge });
          if (saved.issues.some((issue) => issue.severity === 'error'))
            return set({ serverIssues: saved.issues, error: 'Not saved: aieval.yaml would be invalid.' });
          useModelLists.getState().connectionsChanged();
        }
        if (changed(draft.settings, loaded.settings)) {
          const saved = await api['settings.set']({ settings: settings.settings });
          if (saved.issues.some((issue) => issue.severity === 'error'))
            return set({ serverIssues: saved.issues, error: 'Not saved: aieval.yaml would be invalid.' });
        }
        await get().settingsOpened();
        set({ notice: 'Saved to aieval.yaml.' });
      } catch (error) {
        fail(error);
      } finally {
        set({ saving: false });
      }
    },

    reverted() {
      set({ draft: get().loaded, serverIssues: [], attempted: false, notice: undefined, error: undefined });
    },

    async diskChanged() {
      if (!get().loaded || get().saving) return; // during a save the file changes because of it
      const read = await readDraft().catch(() => undefined);
      const { loaded, draft, saving } = get();
      if (!read || !loaded || !draft || saving) return;
      const outcome = diskChangeOutcome(!changed(read.loaded, loaded), changed(draft, loaded));
      if (outcome === 'offer') set({ onDisk: read.loaded, summaries: read.summaries });
      else if (outcome === 'follow')
        set({ loaded: read.loaded, draft: read.loaded, summaries: read.summaries, onDisk: undefined });
      else set({ onDisk: undefined });
    },

    reloadRequested() {
      const { onDisk } = get();
      if (onDisk)
        set({ loaded: onDisk, draft: onDisk, onDisk: undefined, serverIssues: [], attempted: false, error: undefined });
    },

    keepMineRequested() {
      const { onDisk } = get();
      if (onDisk) set({ loaded: onDisk, onDisk: undefined });
    },
  };
});

// The live model lists of the provider connections, fetched once per provider and shared by every model field; and the
// pulls of missing Ollama models with their progress.
import { create } from 'zustand';
import type { ModelList, PullProgressEvent } from '../../src-shared/contract/providers.contract';
import { api } from '../api/client';
import { messageOf } from '../../src-shared/text/message-of';

/** A pull in progress or ended: the latest progress line, or why it failed. */
export type PullState = Readonly<{
  progress: Pick<PullProgressEvent, 'status' | 'completed' | 'total'>;
  running: boolean;
  error: string | null;
}>;

export const pullKey = (provider: string, model: string): string => `${provider}\n${model}`;

type ModelListsState = {
  /** Per provider; absent while it loads. */
  lists: Readonly<Record<string, ModelList>>;
  /** By pullKey. */
  pulls: Readonly<Record<string, PullState>>;
  modelsRequested(provider: string, refresh?: boolean): Promise<void>;
  /** Pulls a model onto an Ollama connection; the list is fetched again once it is in. */
  pullRequested(provider: string, model: string): Promise<void>;
  /** Connections changed (Settings saved): lists are fetched again when next shown. */
  connectionsChanged(): void;
};

const pending = new Set<string>();

export const useModelLists = create<ModelListsState>((set, get) => ({
  lists: {},
  pulls: {},
  async pullRequested(provider, model) {
    const key = pullKey(provider, model);
    if (get().pulls[key]?.running) return;
    const update = (pull: PullState) => set({ pulls: { ...get().pulls, [key]: pull } });
    update({ progress: { status: 'starting', completed: null, total: null }, running: true, error: null });
    const off = api.on('providers.pullProgressed', (event) => {
      if (event.provider === provider && event.model === model) update({ progress: event, running: true, error: null });
    });
    try {
      const ended = await api['providers.pull']({ provider, model });
      update({ progress: get().pulls[key]!.progress, running: false, error: ended.ok ? null : ended.message });
      if (ended.ok) await get().modelsRequested(provider, true);
    } catch (error) {
      update({ ...get().pulls[key]!, running: false, error: messageOf(error) });
    } finally {
      off();
    }
  },
  async modelsRequested(provider, refresh = false) {
    if (!provider || pending.has(provider) || (!refresh && get().lists[provider])) return;
    pending.add(provider);
    const { [provider]: _stale, ...rest } = get().lists;
    set({ lists: rest });
    let list: ModelList;
    try {
      list = await api['providers.models']({ provider });
    } catch (error) {
      list = { models: [], error: messageOf(error) };
    } finally {
      pending.delete(provider);
    }
    set({ lists: { ...get().lists, [provider]: list } });
  },
  connectionsChanged() {
    set({ lists: {} });
  },
}));

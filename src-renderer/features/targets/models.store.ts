// The live model lists of the provider connections, fetched once per provider and shared by every model field.
import { create } from 'zustand';
import type { ModelList } from '../../../src-shared/contract/providers.contract';
import { api } from '../../api/client';

type ModelListsState = {
  /** Per provider; absent while it loads. */
  lists: Readonly<Record<string, ModelList>>;
  modelsRequested(provider: string, refresh?: boolean): Promise<void>;
  /** Connections changed (Settings saved): lists are fetched again when next shown. */
  connectionsChanged(): void;
};

const pending = new Set<string>();

export const useModelLists = create<ModelListsState>((set, get) => ({
  lists: {},
  async modelsRequested(provider, refresh = false) {
    if (!provider || pending.has(provider) || (!refresh && get().lists[provider])) return;
    pending.add(provider);
    const { [provider]: _stale, ...rest } = get().lists;
    set({ lists: rest });
    let list: ModelList;
    try {
      list = await api['providers.models']({ provider });
    } catch (error) {
      list = { models: [], error: error instanceof Error ? error.message : String(error) };
    } finally {
      pending.delete(provider);
    }
    set({ lists: { ...get().lists, [provider]: list } });
  },
  connectionsChanged() {
    set({ lists: {} });
  },
}));

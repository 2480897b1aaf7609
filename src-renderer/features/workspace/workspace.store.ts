// The open workspace: its name, trust and validation issues; refreshed when a file changes.
import { create } from 'zustand';
import type { WorkspaceInfo } from '../../../src-shared/contract/workspace.contract';
import { api } from '../../api/client';

type WorkspaceState = {
  info: WorkspaceInfo | undefined;
  error: string | undefined;
  workspaceRequested(): Promise<void>;
  trustGranted(): Promise<void>;
};

export const useWorkspace = create<WorkspaceState>((set) => ({
  info: undefined,
  error: undefined,
  async workspaceRequested() {
    try {
      set({ info: await api['workspace.get']({}), error: undefined });
    } catch (error) {
      set({ error: error instanceof Error ? error.message : String(error) });
    }
  },
  async trustGranted() {
    set({ info: await api['workspace.trust']({}) });
  },
}));

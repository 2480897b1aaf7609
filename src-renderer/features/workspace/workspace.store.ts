// The open workspace: its name, trust and validation issues; refreshed when a file changes.
import { create } from 'zustand';
import type { WorkspaceInfo } from '../../../src-shared/contract/workspace.contract';
import { api } from '../../api/client';
import { latestRequest, loadLatestInto } from '../../api/latest-request';

type WorkspaceState = {
  info: WorkspaceInfo | undefined;
  error: string | undefined;
  workspaceRequested(): Promise<void>;
  trustGranted(): Promise<void>;
};

const reading = latestRequest();

export const useWorkspace = create<WorkspaceState>((set) => ({
  info: undefined,
  error: undefined,
  async workspaceRequested() {
    await loadLatestInto(set, reading, 'info', () => api['workspace.get']({}));
  },
  async trustGranted() {
    set({ info: await api['workspace.trust']({}) });
  },
}));

// The open workspace: its name, trust and validation issues; refreshed when a file changes.
import { create } from 'zustand';
import type { WorkspaceInfo } from '../../../src-shared/contract/workspace.contract';
import { api } from '../../api/client';
import { latestRequest } from '../../api/latest-request';
import { messageOf } from '../../api/message-of';

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
    const isCurrent = reading();
    try {
      const info = await api['workspace.get']({});
      if (isCurrent()) set({ info, error: undefined });
    } catch (error) {
      if (isCurrent()) set({ error: messageOf(error) });
    }
  },
  async trustGranted() {
    set({ info: await api['workspace.trust']({}) });
  },
}));

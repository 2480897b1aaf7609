// Dataset editing state: the list, the open file's text (saved and edited), its issues; actions named as events.
import { create } from 'zustand';
import type { DatasetDocument, DatasetSummary } from '../../../src-shared/contract/datasets.contract';
import type { WorkspaceIssue } from '../../../src-shared/model';
import { api } from '../../api/client';
import { latestRequest } from '../../api/latest-request';
import { diskChangeOutcome } from '../../components/disk-change';
import { messageOf } from '../../../src-shared/text/message-of';

export type NewDataset = Readonly<{ id: string; question: Readonly<{ input: string; criteria?: string }> }>;

type DatasetsState = {
  list: DatasetSummary[] | undefined;
  open: DatasetDocument | undefined;
  /** The editor's current text; differs from open.text while unsaved. */
  draft: string;
  liveIssues: WorkspaceIssue[];
  saving: boolean;
  error: string | undefined;
  /** The file as another program changed it on disk while it was open with unsaved edits. */
  onDisk: DatasetDocument | undefined;
  listRequested(): Promise<void>;
  datasetOpened(id: string): Promise<void>;
  draftEdited(text: string): void;
  saveRequested(): Promise<void>;
  /** Creates the file through the contract and lists it; a refusal (a taken id, a bad one) throws its message. */
  datasetCreated(input: NewDataset): Promise<void>;
  /** The file may have changed on disk: an unedited editor follows it, an edited one is offered reload or compare. */
  diskChanged(): Promise<void>;
  /** Takes the file as it is on disk, dropping the unsaved edits. */
  reloadRequested(): void;
  /** Keeps the unsaved edits; the next save replaces the file as it now is on disk. */
  keepMineRequested(): void;
  discardRequested(): void;
};

const opening = latestRequest();
let checkTimer: ReturnType<typeof setTimeout> | undefined;

export const useDatasets = create<DatasetsState>((set, get) => ({
  list: undefined,
  open: undefined,
  draft: '',
  liveIssues: [],
  saving: false,
  error: undefined,
  onDisk: undefined,
  async listRequested() {
    set({ list: await api['datasets.list']({}) });
  },
  async datasetOpened(id) {
    const isCurrent = opening();
    try {
      const open = await api['datasets.get']({ id });
      if (isCurrent()) set({ open, draft: open.text, liveIssues: open.issues, error: undefined, onDisk: undefined });
    } catch (error) {
      if (isCurrent()) set({ open: undefined, error: messageOf(error) });
    }
  },
  draftEdited(text) {
    set({ draft: text });
    const open = get().open;
    if (!open) return;
    // Server-side checks (references, did-you-mean) run on a pause in typing, not on every key.
    clearTimeout(checkTimer);
    checkTimer = setTimeout(() => {
      void api['datasets.check']({ id: open.id, text }).then(({ issues }) => {
        if (get().draft === text) set({ liveIssues: issues });
      });
    }, 300);
  },
  async saveRequested() {
    const { open, draft } = get();
    if (!open) return;
    set({ saving: true });
    try {
      const saved = await api['datasets.save']({ id: open.id, text: draft, baseHash: open.hash });
      set({ open: saved, liveIssues: saved.issues, error: undefined, onDisk: undefined });
      await get().listRequested();
    } catch (error) {
      set({ error: messageOf(error) });
      await get().diskChanged();
    } finally {
      set({ saving: false });
    }
  },
  async diskChanged() {
    const { open } = get();
    if (!open) return;
    const now = await api['datasets.get']({ id: open.id }).catch(() => undefined);
    const current = get();
    if (!now || current.open?.id !== now.id) return;
    const outcome = diskChangeOutcome(now.hash === current.open.hash, isDirty(current));
    if (outcome === 'offer') set({ onDisk: now });
    else if (outcome === 'follow')
      set({ open: now, draft: now.text, liveIssues: now.issues, onDisk: undefined, error: undefined });
    else set({ onDisk: undefined });
  },
  reloadRequested() {
    const { onDisk } = get();
    if (onDisk)
      set({ open: onDisk, draft: onDisk.text, liveIssues: onDisk.issues, onDisk: undefined, error: undefined });
  },
  keepMineRequested() {
    const { onDisk } = get();
    if (onDisk) set({ open: onDisk, onDisk: undefined, error: undefined });
  },
  discardRequested() {
    const { open } = get();
    if (open) set({ draft: open.text, liveIssues: open.issues });
  },
  async datasetCreated(input) {
    await api['datasets.create'](input);
    await get().listRequested();
  },
}));

export const isDirty = (state: Pick<DatasetsState, 'open' | 'draft'>) =>
  state.open !== undefined && state.open.text !== state.draft;

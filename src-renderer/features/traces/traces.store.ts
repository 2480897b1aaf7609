// The review queue and labeling workbench: filters, groups, the current item and its label; actions named as events.
import { create } from 'zustand';
import type {
  GraderId,
  ImportProgress,
  ImportSummary,
  Label,
  LabelPatch,
  QueueCounts,
  ReviewItemDetail,
  TraceFilters,
  TraceGroup,
} from '../../../src-shared/model';
import { api } from '../../api/client';
import { latestRequest } from '../../api/latest-request';
import { messageOf } from '../../../src-shared/text/message-of';

type Queue = Readonly<{ groupKey: string | undefined; filters: TraceFilters }>;

type TracesState = {
  filters: TraceFilters;
  groups: TraceGroup[];
  groupsTotal: number;
  counts: QueueCounts | undefined;
  groupKey: string | undefined;
  currentId: string | undefined;
  item: ReviewItemDetail | undefined;
  label: Label | null;
  dimension: number;
  message: string | undefined;
  error: string | undefined;
  importing: ImportProgress | undefined;
  lastImport: ImportSummary | undefined;
  queueRequested(): Promise<void>;
  filtersChanged(filters: TraceFilters): Promise<void>;
  groupSelected(groupKey: string | undefined): Promise<void>;
  itemOpened(id: string): Promise<void>;
  moved(direction: 'next' | 'previous', unlabeledOnly?: boolean): Promise<void>;
  labelChanged(patch: LabelPatch, advance?: boolean): Promise<void>;
  groupLabeled(patch: LabelPatch, onlyUnlabeled: boolean): Promise<void>;
  undoRequested(): Promise<void>;
  dimensionMoved(by: number, count: number): void;
  importRequested(paths: string[]): Promise<void>;
  importProgressed(progress: ImportProgress): void;
  promoteRequested(target: { dataset: string } | { judgeGrader: GraderId }, wholeGroup: boolean): Promise<void>;
};

const opening = latestRequest();

export const useTraces = create<TracesState>((set, get) => {
  const queue = (): Queue => ({ groupKey: get().groupKey, filters: get().filters });
  const refreshCounts = async () => {
    const [counts, groups] = await Promise.all([
      api['traces.counts'](queue()),
      api['traces.groups']({ filters: get().filters, limit: 200 }),
    ]);
    set({ counts, groups: groups.groups, groupsTotal: groups.total });
  };
  /** After a change to many labels: the counts and the open item again (its message is set after, or it is cleared). */
  const reopened = async () => {
    await refreshCounts();
    const id = get().currentId;
    if (id) await get().itemOpened(id);
  };
  return {
    filters: {},
    groups: [],
    groupsTotal: 0,
    counts: undefined,
    groupKey: undefined,
    currentId: undefined,
    item: undefined,
    label: null,
    dimension: 0,
    message: undefined,
    error: undefined,
    importing: undefined,
    lastImport: undefined,
    async queueRequested() {
      try {
        await refreshCounts();
        // Start at the first unlabeled item; when the queue is fully labeled, at its first item.
        if (!get().currentId) await get().moved('next', true);
        if (!get().currentId) await get().moved('next');
        set({ error: undefined });
      } catch (error) {
        set({ error: messageOf(error) });
      }
    },
    async filtersChanged(filters) {
      set({ filters, groupKey: undefined, currentId: undefined, item: undefined });
      await get().queueRequested();
    },
    async groupSelected(groupKey) {
      set({ groupKey, currentId: undefined, item: undefined });
      await refreshCounts();
      await get().moved('next');
    },
    async itemOpened(id) {
      const isCurrent = opening();
      const { item, label } = await api['traces.get']({ id });
      if (!isCurrent()) return; // the reviewer moved on to another item meanwhile
      set({ currentId: id, item, label, message: undefined });
    },
    async moved(direction, unlabeledOnly = false) {
      const { id } = await api['traces.neighbor']({
        id: get().currentId ?? null,
        direction,
        unlabeledOnly,
        ...queue(),
      });
      if (id) await get().itemOpened(id);
      else if (!get().currentId) set({ item: undefined });
      else set({ message: direction === 'next' ? 'End of the queue.' : 'Start of the queue.' });
    },
    async labelChanged(patch, advance = false) {
      const id = get().currentId;
      if (!id) return;
      const { label } = await api['labels.submit']({ subjectType: 'review_item', subjectId: id, ...patch });
      set({ label });
      await refreshCounts();
      if (advance) await get().moved('next');
    },
    async groupLabeled(patch, onlyUnlabeled) {
      const groupKey = get().groupKey;
      if (!groupKey) return;
      const { count } = await api['labels.submitGroup']({ ...patch, groupKey, onlyUnlabeled });
      await reopened();
      set({ message: `Labeled ${count} item${count === 1 ? '' : 's'} of this group.` });
    },
    async undoRequested() {
      const { reverted } = await api['labels.undo']({});
      await reopened();
      set({
        message: reverted.length
          ? `Undid the last change (${reverted.length} item${reverted.length === 1 ? '' : 's'}).`
          : 'Nothing to undo.',
      });
    },
    dimensionMoved(by, count) {
      set({ dimension: (get().dimension + by + count) % count });
    },
    async importRequested(paths) {
      set({ error: undefined, lastImport: undefined });
      try {
        const summary = await api['traces.import']({ paths });
        set({ lastImport: summary, importing: undefined });
        await get().queueRequested();
      } catch (error) {
        set({ error: messageOf(error), importing: undefined });
      }
    },
    importProgressed(progress) {
      set({ importing: progress.done && progress.fileIndex + 1 === progress.fileCount ? undefined : progress });
    },
    async promoteRequested(target, wholeGroup) {
      const ids =
        wholeGroup && get().groupKey
          ? (await api['traces.items']({ ...queue(), limit: 500 })).items.map((i) => i.id)
          : [get().currentId].filter((id): id is string => Boolean(id));
      if (ids.length === 0) return;
      try {
        const result = await api['traces.promote']({ ids, ...target });
        const refused = result.outcomes.filter((o) => !o.promoted).map((o) => o.reason);
        const into = 'dataset' in target ? `dataset ${target.dataset}` : `the gold set of ${target.judgeGrader}`;
        set({
          message: `Promoted ${result.promoted} into ${into}.${refused.length ? ` Refused ${result.refused}: ${refused[0]}` : ''}`,
          error: undefined,
        });
      } catch (error) {
        set({ error: messageOf(error) });
      }
    },
  };
});

/** Shows why a workbench action failed, in the workbench's error banner. */
export const workbenchFailed = (reason: unknown): void => useTraces.setState({ error: messageOf(reason) });

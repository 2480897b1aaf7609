// Target editor state: the form and what it was loaded as, the choices (providers, datasets), issues; actions named as events.
import { create } from 'zustand';
import type { DatasetSummary } from '../../../src-shared/contract/datasets.contract';
import type { ProviderSummary } from '../../../src-shared/contract/providers.contract';
import type { JudgeMismatch } from '../../../src-shared/contract/targets.contract';
import type { Settings, WorkspaceIssue } from '../../../src-shared/model';
import { api } from '../../api/client';
import { latestRequest } from '../../api/latest-request';
import { navigate } from '../../navigation/router';
import { diskChangeOutcome } from '../../components/disk-change';
import { emptyForm, formFromTarget, validateForm, type TargetForm } from './target-form';
import { isDirty } from './targets.selectors';
import { messageOf } from '../../../src-shared/text/message-of';

type TargetsState = {
  /** The id the target had in aieval.yaml; undefined for a new target. */
  previousId: string | undefined;
  initial: TargetForm | undefined;
  form: TargetForm | undefined;
  /** Every target id of aieval.yaml, in file order. */
  targetIds: readonly string[];
  providers: readonly ProviderSummary[];
  datasets: readonly DatasetSummary[];
  /** The workspace settings, for the overrides' placeholders; undefined while the workspace has errors. */
  settings: Settings | undefined;
  /** aieval.yaml issues from the last check or save. */
  serverIssues: readonly WorkspaceIssue[];
  warnings: readonly string[];
  /** Set when the target calls a live model but its judge only answers from recordings. */
  judgeMismatch: JudgeMismatch | null;
  attempted: boolean;
  saving: boolean;
  notice: string | undefined;
  error: string | undefined;
  /** Set when a save moved the editor to the target's new address, which must not reload the form it just saved. */
  movedTo: string | undefined;
  /** The target as another program changed it in aieval.yaml while the form has unsaved edits. */
  onDisk: TargetForm | undefined;
  editorOpened(id: string | undefined): Promise<void>;
  formEdited(patch: Partial<TargetForm>): void;
  saveRequested(): Promise<void>;
  /** aieval.yaml may have changed on disk: an unedited form follows it, an edited one is offered reload or compare. */
  diskChanged(): Promise<void>;
  /** Takes the target as it is on disk, dropping the unsaved edits. */
  reloadRequested(): void;
  /** Keeps the unsaved edits; the next save writes them over the target as it now is on disk. */
  keepMineRequested(): void;
};

/** Ids a new target may not take (an existing target would be replaced); a renamed one is checked by the server. */
export const takenIds = (state: Pick<TargetsState, 'previousId' | 'targetIds'>): readonly string[] =>
  state.previousId === undefined ? state.targetIds : [];

const opening = latestRequest();
let checkTimer: ReturnType<typeof setTimeout> | undefined;

export const useTargets = create<TargetsState>((set, get) => {
  /** Server checks (references, the Text-only warning) run on a pause in typing, and only on a form that parses. */
  const scheduleCheck = () => {
    clearTimeout(checkTimer);
    checkTimer = setTimeout(() => {
      const { form, previousId } = get();
      const target = form && validateForm(form, takenIds(get())).target;
      if (!target) return;
      void api['targets.check']({ target, ...(previousId ? { previousId } : {}) })
        .then(
          ({ issues, warnings, judgeMismatch }) =>
            get().form === form && set({ serverIssues: issues, warnings, judgeMismatch }),
        )
        .catch((error: unknown) => set({ error: messageOf(error) }));
    }, 300);
  };

  return {
    previousId: undefined,
    initial: undefined,
    form: undefined,
    targetIds: [],
    providers: [],
    datasets: [],
    settings: undefined,
    serverIssues: [],
    warnings: [],
    judgeMismatch: null,
    attempted: false,
    saving: false,
    notice: undefined,
    error: undefined,
    movedTo: undefined,
    onDisk: undefined,

    async editorOpened(id) {
      if (id !== undefined && id === get().movedTo) return set({ movedTo: undefined });
      set({
        form: undefined,
        initial: undefined,
        previousId: id,
        serverIssues: [],
        warnings: [],
        judgeMismatch: null,
        attempted: false,
        notice: undefined,
        error: undefined,
        onDisk: undefined,
      });
      const isCurrent = opening();
      try {
        const [targets, providers, datasets, settings, target] = await Promise.all([
          api['targets.list']({}),
          api['providers.list']({}),
          api['datasets.list']({}),
          api['settings.get']({}).catch(() => undefined),
          id === undefined ? Promise.resolve(undefined) : api['targets.get']({ id }),
        ]);
        if (!isCurrent()) return; // another target was opened meanwhile
        const form = target
          ? formFromTarget(target)
          : emptyForm({ provider: providers[0]?.name, dataset: datasets[0]?.id });
        set({ targetIds: targets.map((t) => t.id), providers, datasets, settings, form, initial: form });
        scheduleCheck();
      } catch (error) {
        if (isCurrent()) set({ error: messageOf(error) });
      }
    },

    formEdited(patch) {
      const form = get().form;
      if (!form) return;
      set({ form: { ...form, ...patch }, notice: undefined, error: undefined });
      scheduleCheck();
    },

    async saveRequested() {
      const { form, previousId, saving } = get();
      if (!form || saving) return;
      set({ attempted: true, notice: undefined, error: undefined });
      const { target } = validateForm(form, takenIds(get()));
      if (!target) return;
      set({ saving: true });
      try {
        const { issues } = await api['targets.save']({ target, ...(previousId ? { previousId } : {}) });
        set({ serverIssues: issues });
        if (issues.some((issue) => issue.severity === 'error')) {
          set({ error: 'Not saved: aieval.yaml would be invalid. The problems are shown next to their fields.' });
          return;
        }
        const targetIds =
          previousId === undefined
            ? [...get().targetIds, target.id]
            : get().targetIds.map((id) => (id === previousId ? target.id : id));
        set({
          initial: form,
          onDisk: undefined,
          previousId: target.id,
          targetIds,
          attempted: false,
          notice: `Saved ${target.id} to aieval.yaml.`,
        });
        if (previousId !== target.id) {
          set({ movedTo: target.id });
          navigate('targets', target.id, 'edit');
        }
      } catch (error) {
        set({ error: messageOf(error) });
      } finally {
        set({ saving: false });
      }
    },

    async diskChanged() {
      const { previousId, initial, saving } = get();
      // A new target is not in the file yet; during a save the file changes because of it.
      if (previousId === undefined || !initial || saving) return;
      const target = await api['targets.get']({ id: previousId }).catch(() => undefined);
      const now = get();
      if (!target || now.previousId !== previousId || !now.initial || now.saving) return;
      const onDisk = formFromTarget(target);
      const outcome = diskChangeOutcome(!isDirty(onDisk, now.initial), isDirty(now.form, now.initial));
      if (outcome === 'offer') set({ onDisk });
      else if (outcome === 'follow') set({ form: onDisk, initial: onDisk, onDisk: undefined });
      else set({ onDisk: undefined });
    },

    reloadRequested() {
      const { onDisk } = get();
      if (onDisk) set({ form: onDisk, initial: onDisk, onDisk: undefined, attempted: false, error: undefined });
      scheduleCheck();
    },

    keepMineRequested() {
      const { onDisk } = get();
      if (onDisk) set({ initial: onDisk, onDisk: undefined });
    },
  };
});

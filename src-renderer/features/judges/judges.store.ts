// The judges screen: every LLM grader with its trust, and the actions to sample, label and validate.
import { create } from 'zustand';
import type { JudgeSummary } from '../../../src-shared/contract/judges.contract';
import type { GraderId } from '../../../src-shared/model';
import { api } from '../../api/client';

type JudgesState = {
  judges: JudgeSummary[] | undefined;
  busy: string | undefined;
  message: string | undefined;
  error: string | undefined;
  judgesRequested(): Promise<void>;
  sampleRequested(grader: GraderId, n: number): Promise<void>;
  validateRequested(grader: GraderId): Promise<void>;
};

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export const useJudges = create<JudgesState>((set, get) => ({
  judges: undefined,
  busy: undefined,
  message: undefined,
  error: undefined,
  async judgesRequested() {
    try {
      set({ judges: await api['judges.list']({}), error: undefined });
    } catch (error) {
      set({ error: messageOf(error) });
    }
  },
  async sampleRequested(grader, n) {
    set({ busy: grader, message: undefined, error: undefined });
    try {
      const result = await api['judges.sample']({ grader, n });
      set({
        message: `${grader}: sampled ${result.items.length} of ${result.population} judge calls (${result.added} new, seed ${result.seed}).`,
      });
      await get().judgesRequested();
    } catch (error) {
      set({ error: messageOf(error) });
    } finally {
      set({ busy: undefined });
    }
  },
  async validateRequested(grader) {
    set({ busy: grader, message: undefined, error: undefined });
    try {
      const result = await api['judges.validate']({ grader });
      set({
        message: `${grader}: ${result.state} (TPR ${result.tpr ?? '—'}, TNR ${result.tnr ?? '—'}; ${result.n_pos} human passes, ${result.n_neg} human fails).`,
      });
      await get().judgesRequested();
    } catch (error) {
      set({ error: messageOf(error) });
    } finally {
      set({ busy: undefined });
    }
  },
}));

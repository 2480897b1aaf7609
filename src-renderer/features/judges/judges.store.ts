// The judges screen: every LLM grader with its trust, and the actions to sample, label and validate.
import { create } from 'zustand';
import type { JudgeSummary } from '../../../src-shared/contract/judges.contract';
import type { GraderId, TrustState } from '../../../src-shared/model';
import { api } from '../../api/client';
import { latestRequest, loadLatestInto } from '../../api/latest-request';
import { sampleInWords, validationInWords } from './judges.selectors';
import { messageOf } from '../../../src-shared/text/message-of';

type JudgesState = {
  judges: JudgeSummary[] | undefined;
  busy: string | undefined;
  message: string | undefined;
  /** The last validation done on this screen, in words, for the labeling page's end of batch. */
  validation: Readonly<{ grader: GraderId; state: TrustState; text: string }> | undefined;
  error: string | undefined;
  /** Counts the changes on disk of each judge's gold set, so a page showing it loads it again. */
  goldVersion: Readonly<Record<string, number>>;
  judgesRequested(): Promise<void>;
  /** Label files of these judges changed on disk (a colleague's labels pulled, a label given elsewhere). */
  goldSetChanged(graders: readonly GraderId[]): void;
  sampleRequested(grader: GraderId, n: number): Promise<void>;
  validateRequested(grader: GraderId): Promise<void>;
  /** A labeling page opened: an earlier validation's result no longer describes the labels about to change. */
  labelingOpened(): void;
};

const listing = latestRequest();

export const useJudges = create<JudgesState>((set, get) => ({
  judges: undefined,
  busy: undefined,
  message: undefined,
  validation: undefined,
  error: undefined,
  goldVersion: {},
  goldSetChanged(graders) {
    const goldVersion = { ...get().goldVersion };
    for (const grader of graders) goldVersion[grader] = (goldVersion[grader] ?? 0) + 1;
    set({ goldVersion });
    // The list is on screen only on the judges page, but its counts change with the files wherever the user is.
    if (get().judges !== undefined) void get().judgesRequested();
  },
  labelingOpened() {
    set({ validation: undefined, message: undefined, error: undefined });
  },
  async judgesRequested() {
    await loadLatestInto(set, listing, 'judges', () => api['judges.list']({}));
  },
  async sampleRequested(grader, n) {
    set({ busy: grader, message: undefined, validation: undefined, error: undefined });
    try {
      const result = await api['judges.sample']({ grader, n });
      set({ message: sampleInWords(grader, result) });
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
      const text = validationInWords(grader, result);
      set({ message: text, validation: { grader, state: result.state, text } });
      await get().judgesRequested();
    } catch (error) {
      set({ error: messageOf(error) });
    } finally {
      set({ busy: undefined });
    }
  },
}));

// Live runs: the latest progress of each run and a bounded stream of its last finished questions.
import { create } from 'zustand';
import type { ProgressItem, RunFinished, RunProgress } from '../../../src-shared/model';
import { api } from '../../api/client';

const STREAM_LIMIT = 200;

export type LiveRun = Readonly<{
  progress: RunProgress | undefined;
  stream: readonly ProgressItem[];
  finished: RunFinished | undefined;
}>;

type RunsState = {
  live: Readonly<Record<string, LiveRun>>;
  startError: string | undefined;
  runProgressed(progress: RunProgress): void;
  runFinished(finished: RunFinished): void;
  runRequested(targetId: string): Promise<string | undefined>;
  cancelRequested(runId: string): Promise<void>;
};

const empty: LiveRun = { progress: undefined, stream: [], finished: undefined };

export const useRuns = create<RunsState>((set) => ({
  live: {},
  startError: undefined,
  runProgressed(progress) {
    set((state) => {
      const current = state.live[progress.runId] ?? empty;
      const stream = [...progress.last, ...current.stream].slice(0, STREAM_LIMIT);
      return { live: { ...state.live, [progress.runId]: { ...current, progress, stream } } };
    });
  },
  runFinished(finished) {
    set((state) => ({
      live: { ...state.live, [finished.runId]: { ...(state.live[finished.runId] ?? empty), finished } },
    }));
  },
  async runRequested(targetId) {
    try {
      const { runId } = await api['runs.start']({ targetId });
      set({ startError: undefined });
      return runId;
    } catch (error) {
      set({ startError: error instanceof Error ? error.message : String(error) });
      return undefined;
    }
  },
  async cancelRequested(runId) {
    await api['runs.cancel']({ runId });
  },
}));

export const liveRun = (runId: string) => (state: RunsState) => state.live[runId] ?? empty;

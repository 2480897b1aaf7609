// Live runs: the latest progress of each run and a bounded stream of its last finished questions, newest first.
import { create } from 'zustand';
import type { PreflightProblem } from '../../../src-shared/contract/runs.contract';
import type { ProgressItem, RunFinished, RunProgress } from '../../../src-shared/model';
import { api } from '../../api/client';
import { messageOf } from '../../../src-shared/text/message-of';

const STREAM_LIMIT = 200;

export type LiveRun = Readonly<{
  progress: RunProgress | undefined;
  stream: readonly ProgressItem[];
  finished: RunFinished | undefined;
}>;

type RunsState = {
  live: Readonly<Record<string, LiveRun>>;
  startError: string | undefined;
  /** What the preflight found, by target: nothing was started; each problem has its fix. */
  preflight: Readonly<Record<string, readonly PreflightProblem[]>>;
  runProgressed(progress: RunProgress): void;
  runFinished(finished: RunFinished): void;
  /** Checks the run first (runs.preflight) unless `skipPreflight`; starts it only when nothing was found. */
  runRequested(targetId: string, skipPreflight?: boolean): Promise<string | undefined>;
  /** Resolves to why the run was not cancelled (another process runs it, or it already ended), or undefined. */
  cancelRequested(runId: string): Promise<string | undefined>;
};

const empty: LiveRun = { progress: undefined, stream: [], finished: undefined };

export const useRuns = create<RunsState>((set) => ({
  live: {},
  startError: undefined,
  preflight: {},
  runProgressed(progress) {
    set((state) => {
      const current = state.live[progress.runId] ?? empty;
      // An event carries its questions oldest first; the stream shows the newest at the top.
      const stream = [...progress.last].reverse().concat(current.stream).slice(0, STREAM_LIMIT);
      return { live: { ...state.live, [progress.runId]: { ...current, progress, stream } } };
    });
  },
  runFinished(finished) {
    set((state) => ({
      live: { ...state.live, [finished.runId]: { ...(state.live[finished.runId] ?? empty), finished } },
    }));
  },
  async runRequested(targetId, skipPreflight = false) {
    const found = (problems: readonly PreflightProblem[]) =>
      set((state) => ({ startError: undefined, preflight: { ...state.preflight, [targetId]: problems } }));
    try {
      if (!skipPreflight) {
        const report = await api['runs.preflight']({ targetId });
        found(report.problems);
        if (!report.ok) return undefined;
      }
      // Checked just now (or skipped on purpose): the service need not check again.
      const { runId } = await api['runs.start']({ targetId, skipPreflight: true });
      found([]);
      return runId;
    } catch (error) {
      set({ startError: messageOf(error) });
      return undefined;
    }
  },
  async cancelRequested(runId) {
    try {
      const { cancelled } = await api['runs.cancel']({ runId });
      return cancelled
        ? undefined
        : 'Not cancelled: this app is not running it. Another process (ai-eval run in a terminal, another window) owns the run, or it has just ended; stop it there.';
    } catch (error) {
      return `Not cancelled: ${messageOf(error)}`;
    }
  },
}));

export const liveRun = (runId: string) => (state: RunsState) => state.live[runId] ?? empty;

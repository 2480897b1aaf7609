// The optimizer screens: targets with their candidates, live jobs, the open candidate, and review actions.
import { create } from 'zustand';
import type { PreflightProblem } from '../../../src-shared/contract/runs.contract';
import type { TargetSummary } from '../../../src-shared/contract/targets.contract';
import type {
  CandidateDetail,
  CandidateSummary,
  OptimizerFinished,
  OptimizerJob,
  OptimizerProgress,
} from '../../../src-shared/model';
import { api } from '../../api/client';
import { latestRequest } from '../../api/latest-request';
import { messageOf } from '../../../src-shared/text/message-of';

export type ReviewAction = 'apply' | 'reject' | 'revert';

type OptimizerState = {
  targets: TargetSummary[] | undefined;
  candidates: CandidateSummary[] | undefined;
  jobs: Readonly<Record<string, OptimizerJob>>;
  detail: CandidateDetail | undefined;
  busy: boolean;
  error: string | undefined;
  message: string | undefined;
  /** What the last Optimize's preflight found, by target (nothing was started): the same check as ▶ Run. */
  preflight: Readonly<Record<string, Readonly<{ problems: readonly PreflightProblem[]; propose: boolean }>>>;
  listOpened(): Promise<void>;
  /** Checks the target's connections first (runs.preflight) unless `skipPreflight`; starts only when nothing was found. */
  optimizeRequested(targetId: string, propose: boolean, skipPreflight?: boolean): Promise<void>;
  compareRequested(targetId: string, prompts: string[], repeat: number): Promise<string | undefined>;
  /** One prompt on several connection/model pairs; resolves to the job's id (undefined when refused). */
  compareModelsRequested(targetId: string, models: ModelPair[], repeat: number): Promise<string | undefined>;
  cancelRequested(jobId: string): Promise<void>;
  jobProgressed(progress: OptimizerProgress): void;
  jobFinished(finished: OptimizerFinished): Promise<void>;
  candidateOpened(id: string): Promise<void>;
  reviewConfirmed(action: ReviewAction, id: string, reason: string): Promise<void>;
};

const DONE: Readonly<Record<ReviewAction, string>> = {
  apply: 'Applied: the prompt is written into aieval.yaml.',
  reject: 'Rejected: aieval.yaml is unchanged.',
  revert: 'Reverted: aieval.yaml has the previous prompt again.',
};

export type ModelPair = Readonly<{ provider: string; model: string }>;

const opening = latestRequest();

export const useOptimizer = create<OptimizerState>((set, get) => {
  /** Starts a comparison job and follows it; the refusal is shown as the screen's error. */
  const startJob = async (start: () => Promise<{ jobId: string }>): Promise<string | undefined> => {
    try {
      const { jobId } = await start();
      const job = await api['optimizer.job']({ jobId });
      set((state) => ({ jobs: { ...state.jobs, [jobId]: job }, error: undefined }));
      return jobId;
    } catch (error) {
      set({ error: messageOf(error) });
      return undefined;
    }
  };
  return {
    targets: undefined,
    candidates: undefined,
    jobs: {},
    detail: undefined,
    busy: false,
    error: undefined,
    message: undefined,
    preflight: {},
    async listOpened() {
      try {
        const [targets, candidates, jobs] = await Promise.all([
          api['targets.list']({}),
          api['optimizer.candidates']({}),
          api['optimizer.jobs']({}),
        ]);
        set({ targets, candidates, jobs: Object.fromEntries(jobs.map((job) => [job.id, job])), error: undefined });
      } catch (error) {
        set({ error: messageOf(error) });
      }
    },
    async optimizeRequested(targetId, propose, skipPreflight = false) {
      const found = (problems: readonly PreflightProblem[]) =>
        set((state) => ({ preflight: { ...state.preflight, [targetId]: { problems, propose } } }));
      try {
        if (!skipPreflight) {
          const report = await api['runs.preflight']({ targetId });
          found(report.problems);
          if (!report.ok) return;
        }
        found([]);
        const { jobId } = await api['optimizer.start']({ targetId, propose });
        const job = await api['optimizer.job']({ jobId });
        set((state) => ({ jobs: { ...state.jobs, [jobId]: job }, error: undefined, message: undefined }));
      } catch (error) {
        set({ error: `${targetId}: ${messageOf(error)}` });
      }
    },
    async compareRequested(targetId, prompts, repeat) {
      return startJob(() => api['optimizer.compareVariants']({ targetId, prompts, repeat }));
    },
    async compareModelsRequested(targetId, models, repeat) {
      return startJob(() => api['optimizer.compareModels']({ targetId, models, repeat }));
    },
    async cancelRequested(jobId) {
      await api['optimizer.cancel']({ jobId });
    },
    jobProgressed(progress) {
      set((state) => {
        const job = state.jobs[progress.jobId];
        if (!job) return {};
        return {
          jobs: {
            ...state.jobs,
            [progress.jobId]: {
              ...job,
              log: [...job.log, progress.message].slice(-200),
              runId: progress.runId ?? job.runId,
            },
          },
        };
      });
    },
    async jobFinished(finished) {
      try {
        const [job, candidates] = await Promise.all([
          api['optimizer.job']({ jobId: finished.jobId }),
          api['optimizer.candidates']({}),
        ]);
        set((state) => ({ jobs: { ...state.jobs, [job.id]: job }, candidates }));
      } catch (error) {
        set({ error: messageOf(error) });
      }
    },
    async candidateOpened(id) {
      set({ detail: get().detail?.id === id ? get().detail : undefined, error: undefined, message: undefined });
      const isCurrent = opening();
      try {
        const detail = await api['optimizer.get']({ id });
        if (isCurrent()) set({ detail });
      } catch (error) {
        if (isCurrent()) set({ error: messageOf(error) });
      }
    },
    async reviewConfirmed(action, id, reason) {
      set({ busy: true, error: undefined, message: undefined });
      try {
        const method =
          action === 'apply' ? 'optimizer.apply' : action === 'reject' ? 'optimizer.reject' : 'optimizer.revert';
        const detail = await api[method]({ id, reason });
        set({
          detail,
          message: DONE[action],
          candidates: get().candidates?.map((c) => (c.id === id ? { ...c, status: detail.status } : c)),
        });
      } catch (error) {
        set({ error: messageOf(error) });
      } finally {
        set({ busy: false });
      }
    },
  };
});

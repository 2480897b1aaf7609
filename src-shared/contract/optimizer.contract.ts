// Calls and events of the optimizer: start and follow jobs, read candidates, apply/reject/revert, compare prompt variants or models.
import { z } from 'zod';
import { boolean, int, string } from '../model/fields';
import { call, event } from '../rpc/define';
import {
  MATRIX_MAX_COLUMNS,
  candidateDetail,
  candidateSummary,
  optimizerFinished,
  optimizerJob,
  optimizerProgress,
  snakeId,
} from '../model';

const candidateId = string.min(1).max(200);
const jobId = string.min(1).max(200);
/** Why a person applied, rejected or reverted a candidate; kept in the change log. */
const reason = string.max(2000).default('');

export const optimizerContract = {
  /**
   * Start optimizing one target in the background (docs/optimizer.md): baseline runs, then up to maxAttempts candidates,
   * each accepted only when its gain beats both the margin and twice the noise. Refused at once (bad_input) for an
   * unknown target or split, or a dataset below settings.optimizer.min_dataset_size. Progress arrives as events.
   */
  'optimizer.start': call(() => ({
    input: z.object({
      targetId: snakeId,
      /** settings.optimizer.max_attempts when absent. */
      maxAttempts: int.min(1).max(20).optional(),
      /** Propose even when the baseline clears the gate. */
      propose: boolean.default(false),
      /** The held-out split that decides acceptance; `test` when some question has it. */
      split: string.min(1).max(100).optional(),
      /** Accept on the margin alone when candidate_runs is 1 and the noise cannot be measured. */
      allowUnknownNoise: boolean.default(false),
    }),
    output: z.object({ jobId: string }),
  })),
  /** Run two or more system prompt variants of a target on its dataset, one run each (in turn), in the background. */
  'optimizer.compareVariants': call(() => ({
    input: z.object({
      targetId: snakeId,
      prompts: z.array(string.max(100_000)).min(2, 'give at least two prompt variants').max(MATRIX_MAX_COLUMNS),
      /** Each question this many times in each variant's run. */
      repeat: int.min(1).max(20).default(1),
    }),
    output: z.object({ jobId: string }),
  })),
  /**
   * Run the target's current system prompt on two or more connection/model pairs, one run each (in turn), in the
   * background. Each run is an experiment: it stays out of the target's history and aieval.yaml is not changed.
   */
  'optimizer.compareModels': call(() => ({
    input: z.object({
      targetId: snakeId,
      models: z
        .array(z.object({ provider: string.min(1).max(200), model: string.trim().min(1).max(200) }))
        .min(2, 'give at least two models')
        .max(MATRIX_MAX_COLUMNS),
      repeat: int.min(1).max(20).default(1),
    }),
    output: z.object({ jobId: string }),
  })),
  /** One job: its progress log, the run in progress, and when done its outcome or comparison. */
  'optimizer.job': call(() => ({ input: z.object({ jobId }), output: optimizerJob })),
  /** The jobs of this service session, newest first (running ones included). */
  'optimizer.jobs': call(() => ({ input: z.object({ targetId: snakeId.optional() }), output: z.array(optimizerJob) })),
  /** Cancel a running job; the run in progress is cancelled and the candidates so far are kept. */
  'optimizer.cancel': call(() => ({ input: z.object({ jobId }), output: z.object({ cancelled: boolean }) })),
  /** Every stored candidate (applied, pending, rejected, reverted), newest first, of one target or of all. */
  'optimizer.candidates': call(() => ({
    input: z.object({ targetId: snakeId.optional(), limit: int.min(1).max(1000).default(200) }),
    output: z.array(candidateSummary),
  })),
  /** One candidate: both prompts, both per-run score distributions, per-question deltas and its change log. */
  'optimizer.get': call(() => ({ input: z.object({ id: candidateId }), output: candidateDetail })),
  /** Write the candidate's prompt into aieval.yaml (comments kept) and log who, when and why; refused if the prompt changed since. */
  'optimizer.apply': call(() => ({ input: z.object({ id: candidateId, reason }), output: candidateDetail })),
  /** Mark a pending candidate rejected; aieval.yaml is not touched. */
  'optimizer.reject': call(() => ({ input: z.object({ id: candidateId, reason }), output: candidateDetail })),
  /** Restore the prompt an applied candidate replaced, and log it. */
  'optimizer.revert': call(() => ({ input: z.object({ id: candidateId, reason }), output: candidateDetail })),
  /** A step of an optimizer job (a run started or finished, a proposal, a decision). */
  'optimizer.progressed': event(() => optimizerProgress),
  /** A job ended: done (see optimizer.job for its outcome), error or cancelled. */
  'optimizer.finished': event(() => optimizerFinished),
} as const;

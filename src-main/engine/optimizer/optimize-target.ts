// The optimizer loop (docs/optimizer.md) for one target: baseline runs, gate check, proposals, candidate runs, noise-aware decisions.
import type { CandidateSummary, Target, TargetOutcome, Verdict } from '../../../src-shared/model';
import type { CandidateRecord } from '../../store/repos/optimizer.repo';
import type { StoreApi } from '../../store/store';
import type { ValidWorkspace } from '../run/plan';
import { failureSummary } from './failure-summary';
import { measure, type Measured, type PromptRunner } from './measure';
import { spreadOf } from '../stats/spread';
import { decide, toMeasurement } from './noise';
import { proposerRef, type EarlierAttempt, type Proposer } from './proposer';
import { replayMissAdvice } from './replay-miss';
import { decidingIds, OptimizerRefusal, questionSets, type QuestionSets } from './question-sets';
import { candidateRecord } from './candidate-record';
import { messageOf } from '../../../src-shared/text/message-of';

export type OptimizeOptions = Readonly<{
  jobId: string;
  /** settings.optimizer.max_attempts when absent. */
  maxAttempts?: number;
  /** Propose even when the baseline clears the gate (`--propose`). */
  propose: boolean;
  /** The held-out split that decides acceptance; `test` when some question has it. */
  split?: string;
  /** Accept on the margin alone when a side has one run (noise unknown); off by default. */
  allowUnknownNoise: boolean;
  /** How this caller proposes anyway when the baseline clears its gate (the CLI's flag, the app's box). */
  proposeHint?: string;
}>;

export type OptimizerDeps = Readonly<{
  db: StoreApi;
  clock: () => number;
  startRun: PromptRunner;
  /** Undefined when neither settings.optimizer.proposer nor a judge is configured. */
  proposer: Proposer | undefined;
  progress: (message: string, runId?: string) => void;
  newId: () => string;
  /** Applies an accepted candidate when settings.optimizer.require_review is false. */
  autoApply: (candidate: CandidateRecord) => Promise<void>;
}>;

const f = (value: number | null) => (value === null ? '—' : value.toFixed(2));
const meanText = (measured: Pick<Measured, 'scores'>) => {
  const spread = spreadOf(measured.scores);
  return `${f(spread.mean)} ± ${spread.sd === null ? '?' : f(spread.sd)} over ${spread.n} run${spread.n === 1 ? '' : 's'}`;
};

/** The gate's own metric averaged over the baseline runs (avg_score on 0-5, or pass_rate on 0-1). */
function gateMean(target: Target, verdicts: readonly Verdict[]): number | null {
  const values = verdicts
    .map((v) => (target.gate.metric === 'avg_score' ? v.avg_score : v.pass_rate))
    .filter((v): v is number => v !== null);
  return values.length === 0 ? null : values.reduce((a, b) => a + b, 0) / values.length;
}

/** The target and its question sets, or an OptimizerRefusal: unknown target or split, or too few questions. */
export function optimizerPlan(
  workspace: ValidWorkspace,
  targetId: string,
  split: string | undefined,
): Readonly<{ target: Target; sets: QuestionSets }> {
  const target = workspace.config.targets.find((candidate) => candidate.id === targetId);
  if (!target)
    throw new OptimizerRefusal(
      `unknown target "${targetId}"; known: ${workspace.config.targets.map((t) => t.id).join(', ') || '(none)'}`,
    );
  if (target.mode === 'agent' && target.endpoint) {
    throw new OptimizerRefusal(
      `target "${target.id}" is an external agent (${target.endpoint}): it is never sent a system prompt, so a better one cannot change it`,
    );
  }
  const dataset = workspace.datasets.get(target.dataset);
  if (!dataset) throw new OptimizerRefusal(`target "${target.id}": dataset "${target.dataset}" did not load`);
  return {
    target,
    sets: questionSets(
      dataset.dataset.id,
      dataset.questions,
      split,
      workspace.config.settings.optimizer.min_dataset_size,
    ),
  };
}

function heldOutNote(sets: QuestionSets): string {
  return sets.split === null
    ? ''
    : ` (decided on the held-out split "${sets.split}": ${sets.heldOut.length} questions; proposals came from ${sets.proposal.length} others)`;
}

export async function optimizeTarget(
  workspace: ValidWorkspace,
  targetId: string,
  options: OptimizeOptions,
  deps: OptimizerDeps,
  signal: AbortSignal,
): Promise<TargetOutcome> {
  const candidates: CandidateSummary[] = [];
  const outcome = (
    status: TargetOutcome['status'],
    reason: string,
    baseline: Measured | null = null,
  ): TargetOutcome => ({
    targetId,
    status,
    reason,
    baseline: baseline && toMeasurement(baseline.runIds, baseline.scores),
    candidates,
  });
  let plan: ReturnType<typeof optimizerPlan>;
  try {
    plan = optimizerPlan(workspace, targetId, options.split);
  } catch (error) {
    if (error instanceof OptimizerRefusal) return outcome('refused', error.message);
    throw error;
  }
  const { target, sets } = plan;
  const settings = workspace.config.settings.optimizer;
  const deciding = decidingIds(sets);
  const times = settings.candidate_runs;
  const measureDeps = { db: deps.db, startRun: deps.startRun, progress: deps.progress };
  const runRequest = (systemPrompt: string, promptVariant: string | null) => ({
    targetId,
    systemPrompt,
    promptVariant,
    questionIds: sets.runQuestionIds,
    repeat: 1,
  });
  const asked = sets.runQuestionIds?.length ?? sets.proposal.length + sets.heldOut.length;
  deps.progress(`${targetId}: baseline, ${times} run${times === 1 ? '' : 's'} of ${asked} questions`);
  const baseline = await measure(
    {
      request: runRequest(target.system_prompt, null),
      times,
      deciding,
      what: `${targetId}: baseline`,
      withEvidence: true,
    },
    measureDeps,
    signal,
  );
  if (baseline.cancelled) return outcome('cancelled', 'cancelled while the baseline ran', baseline);
  if (baseline.problem) return outcome('error', `the baseline could not be measured: ${baseline.problem}`, baseline);
  const gate = gateMean(target, baseline.verdicts);
  if (gate !== null && gate >= target.gate.threshold && !options.propose) {
    // One number, named (the gate's metric over the baseline's runs), then the deciding questions in a clause of their own.
    const cleared = `the baseline's ${target.gate.metric} is ${f(gate)}, which clears its gate (${target.gate.metric} ≥ ${f(target.gate.threshold)})`;
    const deciding = `on the deciding questions alone its avg_score is ${meanText(baseline)}`;
    const hint = options.proposeHint ?? '--propose looks for a better prompt anyway';
    return outcome('skipped', `${cleared}; ${deciding}. Nothing to improve: ${hint}`, baseline);
  }
  if (!deps.proposer) {
    return outcome('error', 'no proposer model: set settings.optimizer.proposer (or a judge) in aieval.yaml', baseline);
  }
  deps.progress(
    `${targetId}: the baseline's ${target.gate.metric} is ${f(gate)} against its gate (${target.gate.metric} ≥ ${f(target.gate.threshold)}); on the deciding questions its avg_score is ${meanText(baseline)}`,
  );
  const passThreshold = target.question_pass_threshold ?? workspace.config.settings.question_pass_threshold;
  const failures = failureSummary(
    baseline.runs,
    sets.proposal.map((question) => question.id),
    passThreshold,
  );
  const baselineSpread = spreadOf(baseline.scores);
  const earlier: EarlierAttempt[] = [];
  const maxAttempts = options.maxAttempts ?? settings.max_attempts;
  for (let attempt = 1; attempt <= maxAttempts; attempt += 1) {
    if (signal.aborted) return outcome('cancelled', `cancelled before attempt ${attempt}`, baseline);
    deps.progress(
      `${targetId}: attempt ${attempt}/${maxAttempts}: asking ${deps.proposer.name} for a candidate prompt`,
    );
    let prompt: string;
    try {
      prompt = await deps.proposer.propose(
        { target, currentPrompt: target.system_prompt, baselineMean: baselineSpread.mean, failures, earlier },
        signal,
      );
    } catch (error) {
      if (signal.aborted) return outcome('cancelled', `cancelled while attempt ${attempt} was proposed`, baseline);
      const why = messageOf(error);
      const ref = proposerRef(workspace.config);
      const advice = ref && replayMissAdvice(workspace.config, ref, error);
      return outcome(
        'error',
        `attempt ${attempt}: the proposer ${deps.proposer.name} failed: ${why}${advice ? `; ${advice}` : ''}`,
        baseline,
      );
    }
    // The proposer's text is trimmed; keep the current prompt's final newline so aieval.yaml keeps its `|` style.
    if (target.system_prompt.endsWith('\n') && !prompt.endsWith('\n')) prompt += '\n';
    const id = deps.newId();
    let measured: Measured | null = null;
    let reason: string;
    let accepted = false;
    if (prompt === target.system_prompt) {
      reason = 'rejected: the proposer returned the current prompt unchanged';
    } else {
      deps.progress(
        `${targetId}: attempt ${attempt}/${maxAttempts}: candidate ${id}, ${times} run${times === 1 ? '' : 's'}`,
      );
      measured = await measure(
        {
          request: runRequest(prompt, `optimizer candidate ${id}`),
          times,
          deciding,
          what: `${targetId}: attempt ${attempt}`,
          withEvidence: false,
        },
        measureDeps,
        signal,
      );
      if (measured.cancelled) reason = 'not decided: the optimization was cancelled while the candidate ran';
      else if (measured.problem) reason = `rejected: the candidate could not be measured: ${measured.problem}`;
      else {
        const decision = decide(baselineSpread, spreadOf(measured.scores), {
          margin: settings.improvement_margin,
          allowUnknownNoise: options.allowUnknownNoise,
        });
        accepted = decision.accepted;
        reason = decision.reason + heldOutNote(sets);
      }
    }
    const record = candidateRecord({
      id,
      targetId,
      jobId: options.jobId,
      attempt,
      accepted,
      prompt,
      target,
      sets,
      baseline,
      measured,
      reason,
      proposer: deps.proposer.name,
      now: deps.clock(),
    });
    await deps.db.optimizer.insert(record);
    deps.progress(`${targetId}: attempt ${attempt}/${maxAttempts}: ${reason}`);
    if (accepted && !settings.require_review) await deps.autoApply(record);
    candidates.push((await deps.db.optimizer.get(id)) ?? record);
    if (measured?.cancelled) return outcome('cancelled', `cancelled while attempt ${attempt} ran`, baseline);
    if (accepted) {
      const where = settings.require_review
        ? 'pending review'
        : 'applied to aieval.yaml (settings.optimizer.require_review is false)';
      return outcome('accepted', `attempt ${attempt}: candidate ${id} ${where}`, baseline);
    }
    earlier.push({ prompt, reason });
  }
  return outcome(
    'not_improved',
    `no candidate in ${maxAttempts} attempt${maxAttempts === 1 ? '' : 's'} beat the baseline (avg_score ${meanText(baseline)}) by more than the margin and the noise`,
    baseline,
  );
}

// `ai-eval optimize`: proposes better system prompts for targets below their gate and keeps only noise-proof gains.
import type { CandidateSummary, Measurement, TargetOutcome } from '../../src-shared/model';
import { RpcError } from '../../src-shared/rpc/wire';
import { chooseTargets } from './choose-targets';
import { JSON_OPTIONS, EXIT, type CliIo, type Command } from './command';
import { intArg } from './judge-cli';
import { Endings } from './endings';
import { ProgressPrinter } from './run-printer';
import { withWorkspaceClient, type ServiceClient } from './workspace-client';

const USAGE = `ai-eval optimize [--target ID]... [--max-attempts N] [--propose] [--split NAME] [--allow-unknown-noise] [--trust-workspace] [--json]

For each target: run the baseline settings.optimizer.candidate_runs times; if its mean clears the gate, skip it.
Otherwise the proposer model (settings.optimizer.proposer, else the judge) reads the lowest-scoring questions with
their grader reasons and writes a candidate system prompt, which runs as many times. A candidate is accepted only
when mean(candidate) - mean(baseline) > improvement_margin AND the gain is more than twice the standard error of
the difference of the two means (from the run-to-run spread). Accepted candidates wait for review in the app
(settings.optimizer.require_review) or are written into aieval.yaml. Every candidate is kept with its runs.

  --target ID            optimize this target (repeatable); default: every enabled target
  --max-attempts N       candidates to try per target; default settings.optimizer.max_attempts
  --propose              propose candidates even when the baseline's mean already clears the gate (such a target
                         is skipped without it); a candidate must still beat the baseline by the margin and the noise
  --split NAME           decide acceptance on this held-out split; default: "test" when some question has it.
                         Proposals come from the "train" split when it exists, else from every other question
  --allow-unknown-noise  with candidate_runs 1 the run-to-run noise is unknown and candidates are rejected;
                         this flag accepts on the margin alone instead
  --json                 print every target's outcome as JSON on stdout (progress stays on stderr)

exit codes: 0 every target was optimized, skipped or not improved (a rejected candidate is not a failure);
1 a target could not be measured (provider outage) or its proposer failed; 2 invalid input (unknown target or
split, a dataset below settings.optimizer.min_dataset_size, an invalid workspace)`;

const f = (value: number | null) => (value === null ? '—' : value.toFixed(2));
const spread = (m: Pick<Measurement, 'mean' | 'sd' | 'scores'>) =>
  `avg_score ${f(m.mean)} ± ${m.sd === null ? '?' : f(m.sd)} (${m.scores.length} run${m.scores.length === 1 ? '' : 's'}: ${m.scores.map(f).join(', ')})`;

/** The per-target summary: baseline mean ± spread, each candidate's mean ± spread, its decision and why. */
export function outcomeLines(outcome: TargetOutcome): string[] {
  const lines = [`${outcome.targetId}: ${outcome.status.replace('_', ' ')}: ${outcome.reason}`];
  if (outcome.baseline) lines.push(`  baseline   ${spread(outcome.baseline)}`);
  for (const candidate of outcome.candidates) lines.push(...candidateLines(candidate));
  const pending = outcome.candidates.filter((candidate) => candidate.status === 'pending');
  for (const candidate of pending)
    lines.push(
      `  review ${candidate.id} in the app (Optimizer), or run \`ai-eval serve\` and open #/optimizer/${candidate.id}`,
    );
  return lines;
}

function candidateLines(candidate: CandidateSummary): string[] {
  const measured = { mean: candidate.candidateMean, sd: candidate.candidateSd, scores: candidate.candidateScores };
  return [
    `  attempt ${candidate.attempt}  ${spread(measured)}  ${candidate.status} (${candidate.id})`,
    `             ${candidate.decisionReason}`,
  ];
}

type Follower = Readonly<{ finishedJob(jobId: string): Promise<void>; stop(): void }>;

/** Prints the jobs' progress lines and the runs' progress bars, and tells when a job has finished. */
function follow(client: ServiceClient, io: CliIo): Follower {
  const printer = new ProgressPrinter(io);
  const endings = new Endings<true>();
  const listening = [
    client.on('runs.progressed', (progress) => printer.update(progress)),
    client.on('optimizer.progressed', (progress) => {
      printer.done();
      io.err(progress.message);
    }),
    client.on('optimizer.finished', (finished) => endings.end(finished.jobId, true)),
  ];
  return {
    finishedJob: async (jobId) => {
      await endings.wait(jobId);
    },
    stop: () => {
      for (const stop of listening) stop();
    },
  };
}

export const optimizeCommand: Command = {
  name: 'optimize',
  summary:
    'Propose better system prompts for targets below their gate; accept only gains beyond the margin and the noise',
  usage: USAGE,
  options: {
    ...JSON_OPTIONS,
    target: { type: 'string', short: 't', multiple: true },
    'max-attempts': { type: 'string' },
    propose: { type: 'boolean' },
    split: { type: 'string' },
    'allow-unknown-noise': { type: 'boolean' },
  },
  async run(args, io) {
    const maxAttempts = args.values['max-attempts'] === undefined ? undefined : intArg(args, 'max-attempts', 0, 1);
    const split = typeof args.values.split === 'string' ? args.values.split : undefined;
    const wanted = Array.isArray(args.values.target) ? args.values.target : [];
    return withWorkspaceClient(args, io, { requireValid: true }, async (client) => {
      const targets = chooseTargets(await client['targets.list']({}), wanted);
      const follower = follow(client, io);
      let current: string | undefined;
      const onInterrupt = () => {
        io.err('\ncancelling: the run in progress is cancelled; candidates measured so far are kept');
        if (current) void client['optimizer.cancel']({ jobId: current });
      };
      process.once('SIGINT', onInterrupt);
      const outcomes: TargetOutcome[] = [];
      let refused = false;
      try {
        for (const targetId of targets) {
          const input = {
            targetId,
            maxAttempts,
            propose: args.values.propose === true,
            split,
            allowUnknownNoise: args.values['allow-unknown-noise'] === true,
          };
          let jobId: string;
          try {
            ({ jobId } = await client['optimizer.start'](input));
          } catch (error) {
            if (!(error instanceof RpcError)) throw error;
            if (error.code !== 'bad_input') throw new Error(`${targetId}: ${error.message}`, { cause: error });
            refused = true;
            io.err(`error: ${targetId}: ${error.message}`);
            outcomes.push({ targetId, status: 'refused', reason: error.message, baseline: null, candidates: [] });
            continue;
          }
          current = jobId;
          await follower.finishedJob(jobId);
          const job = await client['optimizer.job']({ jobId });
          const outcome = job.outcome ?? {
            targetId,
            status: job.status === 'cancelled' ? 'cancelled' : 'error',
            reason: job.error ?? 'the job ended without an outcome',
            baseline: null,
            candidates: [],
          };
          outcomes.push(outcome);
          if (!args.values.json) for (const line of outcomeLines(outcome)) io.out(line);
          if (outcome.status === 'cancelled') break;
        }
      } finally {
        process.off('SIGINT', onInterrupt);
        follower.stop();
      }
      if (args.values.json) io.out(JSON.stringify({ targets: outcomes }, null, 2));
      if (refused) return EXIT.invalid;
      return outcomes.some((outcome) => outcome.status === 'error' || outcome.status === 'cancelled')
        ? EXIT.failed
        : EXIT.ok;
    });
  },
};

// `ai-eval run`: runs the enabled targets (or the chosen ones) over their datasets, prints verdicts, exits 1 on a failed hard gate.
import type { PlannedRun } from '../../src-shared/contract/run-batch.contract';
import type { RunFinished } from '../../src-shared/model';
import { RpcError } from '../../src-shared/rpc/wire';
import { chooseTargets } from './choose-targets';
import { cancellablePreflight, printedPreflight } from './cli-preflight';
import { COMMON_OPTIONS, EXIT, UsageError, type CliIo, type Command } from './command';
import { parseRunFlags, REPORT_OPTIONS, type RunFlags } from './run-flags';
import { describePlan, describeShards } from './run-printer';
import { refusalMessage, withRunSession, type Session } from './run-session';
import type { SessionOutcome } from './session-outcome';
import { plural } from '../../src-shared/text/plural';

/** Every target planned by the service before any starts, checked by its preflight unless skipped. */
async function planTargets(flags: RunFlags, session: Session) {
  const targetIds = chooseTargets(await session.client['targets.list']({}), flags.targets);
  const planned = await cancellablePreflight(session, (preflightId) =>
    session.client['runs.plan']({
      targetIds,
      questionIds: flags.questions,
      repeat: flags.repeat,
      shard: flags.shard,
      source: flags.source,
      shards: flags.dryRun,
      preflight: !flags.dryRun && !flags.skipPreflight,
      preflightId,
    }),
  );
  if (planned.stray.length > 0)
    throw new UsageError(`--question ${planned.stray.join(', ')}: in none of the datasets of ${targetIds.join(', ')}`);
  return planned;
}

/** The plan as printed; an adaptive run's calls are the most it makes. */
const planLine = (plan: PlannedRun, flags: RunFlags) =>
  describePlan(plan) + (flags.adaptive ? "; adaptive: a question's repeats stop once its verdict is settled" : '');

const warnTextOnly = (targetId: string, warning: string | null, io: CliIo) => {
  if (warning) io.err(`warning: ${targetId}: ${warning}`);
};

/** The request that starts a planned run; the preflight ran above for every target at once, or was skipped. */
const startRequest = (plan: PlannedRun, flags: RunFlags) => {
  const { questionIds, repeat, shard } = plan.selection;
  return {
    targetId: plan.targetId,
    ...(questionIds ? { questionIds } : {}),
    repeat,
    ...(flags.adaptive ? { adaptive: true } : {}),
    ...(shard ? { shard } : {}),
    source: flags.source,
    concurrency: flags.concurrency,
    skipPreflight: true,
  };
};

async function runTargets(flags: RunFlags, session: Session, io: CliIo): Promise<SessionOutcome | number> {
  const { plans, preflight } = await planTargets(flags, session);
  for (const plan of plans) warnTextOnly(plan.targetId, plan.warning, io);
  if (flags.dryRun) {
    for (const plan of plans) io.out(planLine(plan, flags));
    const { shard } = flags;
    if (shard)
      for (const plan of plans)
        if (plan.whole) for (const line of describeShards(plan.targetId, plan.whole, flags.repeat, shard)) io.out(line);
    return EXIT.ok;
  }
  const stopped = printedPreflight(preflight, io);
  if (stopped !== undefined) return stopped;
  const finished: RunFinished[] = [];
  const empty: Required<Pick<PlannedRun, 'targetId' | 'identity'>>[] = [];
  let refused = false;
  for (const plan of plans) {
    if (session.signal.aborted) break;
    if (plan.total === 0) {
      io.err(`${plan.targetId}: nothing to run in this shard; skipped`);
      if (plan.identity) empty.push({ targetId: plan.targetId, identity: plan.identity });
      continue;
    }
    try {
      const ended = await session.follow(
        () => session.client['runs.start'](startRequest(plan, flags)),
        ({ runId }) => io.err(`run ${runId}: ${planLine(plan, flags)}`),
      );
      finished.push(ended);
    } catch (error) {
      const refusal = refusalMessage(error);
      if (refusal === undefined) throw error;
      io.err(`error: ${refusal}`);
      refused = true;
    }
  }
  return { finished, refused, empty };
}

/** The stored run --resume names, or a usage error when the store has no such run. */
async function storedRun(session: Session, runId: string) {
  try {
    return await session.client['runs.get']({ runId });
  } catch (error) {
    if (error instanceof RpcError && error.code === 'not_found')
      throw new UsageError(`no run "${runId}" in this workspace's store`, { cause: error });
    throw error;
  }
}

async function resume(
  flags: RunFlags & { resume: string },
  session: Session,
  io: CliIo,
): Promise<SessionOutcome | number> {
  const { run } = await storedRun(session, flags.resume);
  const left = `${run.total - run.done} of ${plural(run.total, 'question')} left`;
  if (flags.dryRun) {
    io.out(`would resume run ${run.id} of ${run.targetId}: ${left}`);
    return EXIT.ok;
  }
  const stored = await cancellablePreflight(session, (preflightId) =>
    session.client['runs.planStored']({
      runId: run.id,
      purpose: 'resume',
      preflight: !flags.skipPreflight,
      preflightId,
    }),
  );
  const stopped = printedPreflight(stored.preflight, io);
  if (stopped !== undefined) return stopped;
  const finished = await session.follow(
    () => session.client['runs.resume']({ runId: run.id, concurrency: flags.concurrency }),
    () => {
      warnTextOnly(run.targetId, stored.warning, io);
      io.err(`resuming run ${run.id} of ${run.targetId}: ${left}`);
    },
  );
  return { finished: [finished], refused: false };
}

export const runCommand: Command = {
  name: 'run',
  summary: 'Run targets over their datasets, score the answers, apply the gates (exit 1 on a failed hard gate)',
  usage:
    'ai-eval run [--target ID]... [--question ID]... [--concurrency N] [--repeat N [--adaptive]] [--dry-run] [--resume RUN] ' +
    '[--source manual|ci|schedule] [--record FILE] [--json FILE] [--junit FILE] [--shard I/N [--out DIR] [--rate-share S]] ' +
    '[--skip-preflight] [--trust-workspace] [--workspace DIR]',
  options: {
    ...COMMON_OPTIONS,
    ...REPORT_OPTIONS,
    target: { type: 'string', multiple: true },
    question: { type: 'string', multiple: true },
    repeat: { type: 'string' },
    adaptive: { type: 'boolean' },
    'dry-run': { type: 'boolean' },
    'skip-preflight': { type: 'boolean' },
    resume: { type: 'string' },
    record: { type: 'string' },
    shard: { type: 'string' },
    out: { type: 'string' },
    'rate-share': { type: 'string' },
  },
  async run(args, io) {
    const flags = parseRunFlags(args, io);
    return withRunSession(args, io, flags, (session) => {
      const resumeId = flags.resume;
      return resumeId === undefined
        ? runTargets(flags, session, io)
        : resume({ ...flags, resume: resumeId }, session, io);
    });
  },
};

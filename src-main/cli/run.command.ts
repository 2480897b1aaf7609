// `ai-eval run`: runs the enabled targets (or the chosen ones) over their datasets, prints verdicts, exits 1 on a failed hard gate.
import type { RunFinished } from '../../src-shared/model';
import { RpcError } from '../../src-shared/rpc/wire';
import type { EmptySlice } from '../engine/export/write-shard-bundle';
import { buildIdentity } from '../engine/run/identity';
import { findingLine, localPreflight } from '../engine/run/local-preflight';
import { planRun, type RunPlan, type ValidWorkspace } from '../engine/run/plan';
import { textOnlyWarning } from '../workspace/text-only';
import { chooseTargets } from './choose-targets';
import { cliPreflight, storedRunPreflight } from './cli-preflight';
import { COMMON_OPTIONS, EXIT, UsageError, type CliIo, type Command } from './command';
import { parseRunFlags, REPORT_OPTIONS, type RunFlags } from './run-flags';
import { describePlan, describeShards } from './run-printer';
import { refusalMessage, withRunSession, type Session, type SessionOutcome } from './run-session';

/** Each target's share of the --question ids; an id in none of the targets' datasets is a usage error. */
function questionsPerTarget(
  workspace: ValidWorkspace,
  targetIds: readonly string[],
  wanted: readonly string[],
): Map<string, string[] | null> {
  const chosen = new Map<string, string[] | null>();
  const matched = new Set<string>();
  for (const id of targetIds) {
    if (wanted.length === 0) {
      chosen.set(id, null);
      continue;
    }
    const dataset = workspace.datasets.get(workspace.config.targets.find((target) => target.id === id)?.dataset ?? '');
    const known = new Set(dataset?.dataset.questions.map((question) => question.id));
    const mine = wanted.filter((question) => known.has(question));
    for (const question of mine) matched.add(question);
    if (mine.length > 0) chosen.set(id, [...new Set(mine)]);
  }
  const stray = wanted.filter((question) => !matched.has(question));
  if (stray.length > 0)
    throw new UsageError(`--question ${stray.join(', ')}: in none of the datasets of ${targetIds.join(', ')}`);
  return chosen;
}

function warnTextOnly(plan: RunPlan, io: CliIo): void {
  const warning = textOnlyWarning(plan.target, plan.dataset.questions);
  if (warning) io.err(`warning: ${plan.target.id}: ${warning}`);
}

/** What a target with no question in this shard would have run: the merge checks it against the other shards. */
const identityOf = (plan: RunPlan, flags: RunFlags, deps: Session['deps']) =>
  buildIdentity({
    workspace: deps.workspace,
    plan,
    source: flags.source,
    appVersion: deps.appVersion,
    judgeTemplates: deps.judgeTemplates(),
  });

async function runTargets(flags: RunFlags, session: Session, io: CliIo): Promise<SessionOutcome | number> {
  const { workspace, deps } = session;
  const targets = chooseTargets(workspace.config.targets, flags.targets);
  const questions = questionsPerTarget(workspace, targets, flags.questions);
  // Plan every target first: a mistake in the last one must not surface after the first has run.
  const plans = [...questions].map(([targetId, questionIds]) =>
    planRun(workspace, targetId, { questionIds, repeat: flags.repeat, shard: flags.shard }, deps.graders, deps.trusted),
  );
  for (const plan of plans) warnTextOnly(plan, io);
  if (flags.dryRun) {
    for (const plan of plans) io.out(describePlan(plan));
    const { shard } = flags;
    if (shard)
      for (const [targetId, questionIds] of questions) {
        const selection = { questionIds, repeat: flags.repeat, shard: null };
        const whole = planRun(workspace, targetId, selection, deps.graders, deps.trusted);
        for (const line of describeShards(whole, shard)) io.out(line);
      }
    return EXIT.ok;
  }
  if (!flags.skipPreflight) {
    const stopped = await cliPreflight(plans, session, io);
    if (stopped !== undefined) return stopped;
    // The local checks of an Ollama run: a prompt that cannot fit the model's window (a missing model was found above).
    for (const plan of plans)
      for (const finding of await localPreflight(plan, workspace, deps.criteriaOf, session.signal))
        io.err(`${plan.target.id}: ${findingLine(finding)}`);
  }
  const finished: RunFinished[] = [];
  const empty: EmptySlice[] = [];
  let refused = false;
  for (const plan of plans) {
    if (session.signal.aborted) break;
    if (plan.total === 0) {
      io.err(`${plan.target.id}: nothing to run in this shard; skipped`);
      empty.push({ targetId: plan.target.id, identity: identityOf(plan, flags, deps) });
      continue;
    }
    const { questionIds, repeat, shard } = plan.selection;
    const request = {
      targetId: plan.target.id,
      ...(questionIds ? { questionIds: [...questionIds] } : {}),
      repeat,
      ...(shard ? { shard } : {}),
      source: flags.source,
      concurrency: flags.concurrency,
      // Checked above for every target at once (or skipped with --skip-preflight): the service need not check again.
      skipPreflight: true,
    };
    try {
      const ended = await session.follow(
        () => session.client['runs.start'](request),
        ({ runId }) => io.err(`run ${runId}: ${describePlan(plan)}`),
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
  const { run, identity } = await storedRun(session, flags.resume);
  const left = `${run.total - run.done} of ${run.total} question(s) left`;
  if (flags.dryRun) {
    io.out(`would resume run ${run.id} of ${run.targetId}: ${left}`);
    return EXIT.ok;
  }
  const stopped = flags.skipPreflight ? undefined : await storedRunPreflight(run.id, 'resume', session, io);
  if (stopped !== undefined) return stopped;
  const finished = await session.follow(
    () => session.client['runs.resume']({ runId: run.id, concurrency: flags.concurrency }),
    () => {
      const { deps } = session;
      warnTextOnly(planRun(deps.workspace, run.targetId, identity.selection, deps.graders, deps.trusted), io);
      io.err(`resuming run ${run.id} of ${run.targetId}: ${left}`);
    },
  );
  return { finished: [finished], refused: false };
}

export const runCommand: Command = {
  name: 'run',
  summary: 'Run targets over their datasets, score the answers, apply the gates (exit 1 on a failed hard gate)',
  usage:
    'ai-eval run [--target ID]... [--question ID]... [--concurrency N] [--repeat N] [--dry-run] [--resume RUN] ' +
    '[--source manual|ci|schedule] [--record FILE] [--json FILE] [--junit FILE] [--shard I/N [--out DIR]] [--rate-share S] ' +
    '[--skip-preflight] [--trust-workspace] [--workspace DIR]',
  options: {
    ...COMMON_OPTIONS,
    ...REPORT_OPTIONS,
    target: { type: 'string', multiple: true },
    question: { type: 'string', multiple: true },
    repeat: { type: 'string' },
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

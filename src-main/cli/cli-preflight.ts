// The preflight of `ai-eval run`, `run --resume` and `regrade`: problems one a line with their fix, then exit 2.
import { RpcError } from '../../src-shared/rpc/wire';
import { PREFLIGHT_CHECKS, problemLine, REGRADE_CHECKS, runPreflight } from '../engine/preflight/preflight';
import type { PreflightCheck } from '../engine/preflight/preflight-check';
import { planRun, type RunPlan } from '../engine/run/plan';
import { EXIT, type CliIo } from './command';
import type { Session } from './run-session';

/** Checks what the runs need before any question: undefined when all is well, else exit 2 after one line per problem. */
export async function cliPreflight(
  plans: readonly RunPlan[],
  session: Session,
  io: CliIo,
  checks: readonly PreflightCheck[] = PREFLIGHT_CHECKS,
): Promise<number | undefined> {
  const report = await runPreflight(
    {
      workspace: session.workspace,
      plans: plans.filter((plan) => plan.total > 0),
      keysFor: session.keysFor,
      trusted: session.deps.trusted,
      signal: session.signal,
    },
    checks,
  );
  if (report.ok) return undefined;
  for (const problem of report.problems) io.err(`preflight: ${problemLine(problem)}`);
  io.err(
    `error: preflight found ${report.problems.length} problem(s); nothing was run (--skip-preflight starts anyway)`,
  );
  return EXIT.invalid;
}

/**
 * The preflight of a stored run about to be resumed (its planned selection) or regraded (its judges only).
 * A run that is not in the store is left to the resume or regrade itself, which refuses it with its own words.
 */
export async function storedRunPreflight(
  runId: string,
  purpose: 'resume' | 'regrade',
  session: Session,
  io: CliIo,
): Promise<number | undefined> {
  const { deps, workspace } = session;
  const stored = await session.client['runs.get']({ runId }).catch((error: unknown) => {
    if (error instanceof RpcError && error.code === 'not_found') return undefined;
    throw error;
  });
  if (!stored) return undefined;
  const { targetId } = stored.run;
  if (purpose === 'regrade') {
    // As the regrade plans it: it starts no MCP server, so the workspace's trust does not limit the plan.
    const plan = planRun(workspace, targetId, { questionIds: null, repeat: 1, shard: null }, deps.graders, true);
    return cliPreflight([plan], session, io, REGRADE_CHECKS);
  }
  const plan = planRun(workspace, targetId, stored.identity.selection, deps.graders, deps.trusted);
  return cliPreflight([plan], session, io);
}

// The run preflight: cheap checks before any question is asked, so a broken setup stops the run instead of degrading it.
import type { PreflightRefusal } from '../../../src-shared/contract/runs.contract';
import { refusal } from '../../../src-shared/rpc/wire';
import { problemLine } from '../../../src-shared/text/preflight-line';
import type { PreflightCheck, PreflightContext, PreflightProblem, PreflightReport } from './preflight-check';
import { judgeProviderChecks, providerChecks } from './provider-checks';
import { toolServerChecks } from './tool-server-checks';
import { messageOf } from '../../../src-shared/text/message-of';
import { plural } from '../../../src-shared/text/plural';

export const PREFLIGHT_CHECKS: readonly PreflightCheck[] = [providerChecks, toolServerChecks];

/** A regrade calls no target and starts no MCP server: only its judges' providers are checked. */
export const REGRADE_CHECKS: readonly PreflightCheck[] = [judgeProviderChecks];

/** Runs every check at once; a check that throws is itself a problem (it never lets a broken setup through). */
export async function runPreflight(
  context: PreflightContext,
  checks: readonly PreflightCheck[] = PREFLIGHT_CHECKS,
): Promise<PreflightReport> {
  const start = performance.now();
  const found = await Promise.all(
    checks.map((check) =>
      check.run(context).catch((error: unknown): PreflightProblem[] => [
        {
          subject: `preflight check "${check.name}"`,
          problem: `failed: ${messageOf(error)}`,
          fix: 'fix the cause, or run with --skip-preflight if you know the run can start anyway',
        },
      ]),
    ),
  );
  const problems = found.flat();
  return { ok: problems.length === 0, problems, elapsedMs: Math.round(performance.now() - start) };
}

/** A run the preflight refused: nothing was started; each problem says what and where, and its fix. */
export class PreflightError extends refusal('bad_input', 'PreflightError') {
  constructor(readonly problems: readonly PreflightProblem[]) {
    super(
      `the preflight found ${plural(problems.length, 'problem')}; nothing was started:\n` +
        problems.map((problem) => `- ${problemLine(problem)}`).join('\n'),
      { preflight: [...problems] } satisfies PreflightRefusal,
    );
  }
}

/** Runs the preflight and throws PreflightError when it finds anything. */
export async function refuseOnPreflight(
  context: PreflightContext,
  checks: readonly PreflightCheck[] = PREFLIGHT_CHECKS,
): Promise<void> {
  const report = await runPreflight(context, checks);
  if (!report.ok) throw new PreflightError(report.problems);
}

// command: a shell command judges the response (trusted workspaces only); exit 0 passes.
import { checkError, notExecuted, passFail, type CheckExecutor, type CheckVerdict } from '../rubric/check-executor';
import { runCommand, type CommandResult } from '../rubric/run-command';
import type { GradeContext } from '../grader';
import { CHECK_KIND_SCHEMAS } from '../../../../src-shared/model';
import { cutWithMark } from '../../../../src-shared/text/cut-mark';

export const UNTRUSTED = 'the workspace is not trusted (run `ai-eval trust` or pass --trust-workspace)';

export const commandCheck: CheckExecutor<'command'> = {
  kind: 'command',
  schema: CHECK_KIND_SCHEMAS.command,
  async execute(check, context) {
    if (!context.trusted) return notExecuted(UNTRUSTED);
    const result = await runCheckCommand(
      `command check ${check.id}`,
      check.run,
      context.response,
      check.timeout_ms,
      context,
    );
    if ('status' in result) return result;
    if (result.timedOut) return passFail(false, `timed out after ${check.timeout_ms} ms`);
    if (result.exitCode === 0) return passFail(true, 'exited 0');
    const detail = cutWithMark((result.stderr.trim() || result.stdout.trim()).split('\n').slice(-3).join(' | '), 300);
    return passFail(false, `exited ${result.exitCode ?? result.signal}${detail ? `: ${detail}` : ''}`);
  },
};

/** Runs a check's command on `text`; one that cannot be started is the check's error, named by `label`. */
export async function runCheckCommand(
  label: string,
  command: string,
  text: string,
  timeoutMs: number,
  context: GradeContext,
): Promise<CommandResult | CheckVerdict> {
  try {
    return await runCommand(command, text, { timeoutMs, workspaceDir: context.workspaceDir, signal: context.signal });
  } catch (error) {
    return checkError(`${label}: cannot start ${JSON.stringify(command)}: ${(error as Error).message}`);
  }
}

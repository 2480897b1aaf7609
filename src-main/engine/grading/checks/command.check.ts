// command: a shell command judges the response (trusted workspaces only); exit 0 passes.
import { checkError, notExecuted, passFail, type CheckExecutor } from '../rubric/check-executor';
import { runCommand } from '../rubric/run-command';
import { CHECK_KIND_SCHEMAS } from '../../../../src-shared/model';
import { cutWithMark } from '../../../../src-shared/text/cut-mark';

export const UNTRUSTED = 'the workspace is not trusted (run `ai-eval trust` or pass --trust-workspace)';

export const commandCheck: CheckExecutor<'command'> = {
  kind: 'command',
  schema: CHECK_KIND_SCHEMAS.command,
  async execute(check, context) {
    if (!context.trusted) return notExecuted(UNTRUSTED);
    let result;
    try {
      result = await runCommand(check.run, context.response, {
        timeoutMs: check.timeout_ms,
        workspaceDir: context.workspaceDir,
        signal: context.signal,
      });
    } catch (error) {
      return checkError(
        `command check ${check.id}: cannot start ${JSON.stringify(check.run)}: ${(error as Error).message}`,
      );
    }
    if (result.timedOut) return passFail(false, `timed out after ${check.timeout_ms} ms`);
    if (result.exitCode === 0) return passFail(true, 'exited 0');
    const detail = cutWithMark((result.stderr.trim() || result.stdout.trim()).split('\n').slice(-3).join(' | '), 300);
    return passFail(false, `exited ${result.exitCode ?? result.signal}${detail ? `: ${detail}` : ''}`);
  },
};

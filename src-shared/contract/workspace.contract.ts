// Calls for the open workspace: what it is, whether it is trusted, and what is wrong with it.
import { z } from 'zod';
import { boolean, int, string } from '../model/fields';
import { call, event, noInput } from '../rpc/define';
import { workspaceIssue } from '../model';

export const workspaceInfo = z.object({
  dir: string,
  name: string,
  trusted: boolean,
  /** True when the workspace has files that only run when trusted (stdio MCP servers, command checks). */
  needsTrust: boolean,
  /** What restricted mode withholds now (stdio MCP servers, command checks, keys aieval.yaml names), one line each. */
  withheld: z.array(string),
  issues: z.array(workspaceIssue),
  appVersion: string,
});
export type WorkspaceInfo = z.infer<typeof workspaceInfo>;

/** `ai-eval validate`'s answer: every problem of the workspace files read afresh, and what they hold. */
export const workspaceValidation = z.object({
  valid: boolean,
  issues: z.array(workspaceIssue),
  targets: int,
  /** Targets `ai-eval run` runs when none is named: 0 makes `ai-eval validate` fail, as the run would. */
  enabledTargets: int,
  datasets: int,
  /** Enabled questions over every dataset. */
  questions: int,
  rubrics: int,
});
export type WorkspaceValidation = z.infer<typeof workspaceValidation>;

export const workspaceContract = {
  /** The open workspace, with every validation issue of its files. */
  'workspace.get': call(() => ({ input: noInput, output: workspaceInfo })),
  /** Check every file of the open workspace (errors and warnings) and count what it holds. */
  'workspace.validate': call(() => ({ input: noInput, output: workspaceValidation })),
  /** Open another workspace folder; it must hold an aieval.yaml. */
  'workspace.open': call(() => ({ input: z.object({ dir: string.min(1) }), output: workspaceInfo })),
  /**
   * Make the example workspace in `dir` (created when missing), trust it and open it; refused (`conflict`) where an
   * aieval.yaml already is.
   */
  'workspace.create': call(() => ({ input: z.object({ dir: string.min(1) }), output: workspaceInfo })),
  /** Trust the open workspace: its stdio MCP servers and command checks may run; refused without an aieval.yaml. */
  'workspace.trust': call(() => ({ input: noInput, output: workspaceInfo })),
  /** A workspace file was written by the service (the UI reloads what shows it). */
  'workspace.changed': event(() => z.object({ file: string })),
} as const;

// Calls for the open workspace: what it is, whether it is trusted, and what is wrong with it.
import { z } from 'zod';
import { call, event } from '../rpc/define';
import { workspaceIssue } from '../model';

export const workspaceInfo = z.object({
  dir: z.string(),
  name: z.string(),
  trusted: z.boolean(),
  /** True when the workspace has files that only run when trusted (stdio MCP servers, command checks). */
  needsTrust: z.boolean(),
  /** What restricted mode withholds now (stdio MCP servers, command checks, keys aieval.yaml names), one line each. */
  withheld: z.array(z.string()),
  issues: z.array(workspaceIssue),
  appVersion: z.string(),
});
export type WorkspaceInfo = z.infer<typeof workspaceInfo>;

export const workspaceContract = {
  /** The open workspace, with every validation issue of its files. */
  'workspace.get': call(z.object({}), workspaceInfo),
  /** Open another workspace folder (it must hold an aieval.yaml, or `create` makes the example there). */
  'workspace.open': call(z.object({ dir: z.string().min(1), create: z.boolean().default(false) }), workspaceInfo),
  /** Trust the open workspace: its stdio MCP servers and command checks may run. */
  'workspace.trust': call(z.object({}), workspaceInfo),
  /** A workspace file was written by the service (the UI reloads what shows it). */
  'workspace.changed': event(z.object({ file: z.string() })),
} as const;

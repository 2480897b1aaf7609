// Preflight of the MCP servers of agent targets: each starts (or answers) and lists its tools, then is closed again.
import type { ToolServer } from '../../../src-shared/model';
import type { PreflightCheck, PreflightProblem } from './preflight-check';

export const toolServerChecks: PreflightCheck = {
  name: 'mcp servers',
  async run({ plans, trusted, workspace, signal }) {
    const servers = new Map<string, { server: ToolServer; target: string }>();
    for (const { target } of plans) {
      if (target.mode !== 'agent') continue;
      // An external agent's state_check reads only the shared (HTTP) servers; stdio ones are never started for it.
      const used = (target.tools ?? []).filter((server) => !target.endpoint || 'url' in server);
      for (const server of used) servers.set(JSON.stringify(server), { server, target: target.id });
    }
    if (servers.size === 0) return [];
    // Loaded only when a run has MCP servers, as the agent caller does.
    const { openToolServers, UntrustedWorkspaceError } = await import('../agent/tool-servers');
    const checks = [...servers.values()].map(async ({ server, target }): Promise<PreflightProblem[]> => {
      try {
        const opened = await openToolServers([server], { trusted, workspaceDir: workspace.dir, signal });
        await opened.close();
        return [];
      } catch (error) {
        const untrusted = error instanceof UntrustedWorkspaceError;
        return [
          {
            subject: `MCP server "${server.name}" of target "${target}"`,
            problem: (error as Error).message,
            fix: untrusted
              ? 'trust the workspace (ai-eval trust) if you wrote its commands'
              : `correct its ${'url' in server ? 'url' : 'command'} in aieval.yaml, or start it`,
          },
        ];
      }
    });
    return (await Promise.all(checks)).flat();
  },
};

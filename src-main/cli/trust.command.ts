// `ai-eval trust [DIR]`: lets a workspace start stdio MCP servers and run command checks.
import { resolve } from 'node:path';
import { EXIT, type Command } from './command';
import { withWorkspaceClient } from './workspace-client';

export const trustCommand: Command = {
  name: 'trust',
  summary: 'Trust a workspace: its MCP servers and command checks may run',
  usage: 'ai-eval trust [DIR]',
  options: { help: { type: 'boolean', short: 'h' } },
  allowPositionals: true,
  async run(args, io) {
    const dir = resolve(io.cwd, args.positionals[0] ?? '.');
    return withWorkspaceClient(args, io, { byService: true, dir }, async (client) => {
      const trusted = await client['workspace.trust']({});
      io.out(`Trusted ${trusted.dir}.`);
      return EXIT.ok;
    });
  },
};

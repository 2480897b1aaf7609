// `ai-eval trust [DIR]`: lets a workspace start stdio MCP servers and run command checks.
import { EXIT } from './command';
import { dirCommand } from './dir-command';

export const trustCommand = dirCommand(
  'trust',
  'Trust a workspace: its MCP servers and command checks may run',
  async (client, io) => {
    const trusted = await client['workspace.trust']({});
    io.out(`Trusted ${trusted.dir}.`);
    return EXIT.ok;
  },
);

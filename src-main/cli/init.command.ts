// `ai-eval init [DIR]`: creates a workspace from the example and trusts it.
import { resolve } from 'node:path';
import { EXIT, type Command } from './command';
import { withWorkspaceClient } from './workspace-client';
import { shellWord } from '../../src-shared/text/shell-word';

export const initCommand: Command = {
  name: 'init',
  summary: 'Create a workspace from the example (a library help desk)',
  usage: 'ai-eval init [DIR]',
  options: { help: { type: 'boolean', short: 'h' } },
  allowPositionals: true,
  async run(args, io) {
    const dir = resolve(io.cwd, args.positionals[0] ?? '.');
    return withWorkspaceClient(args, io, { byService: true, dir }, async (client) => {
      const created = await client['workspace.create']({ dir });
      io.out(`Created the example workspace in ${created.dir} (trusted).`);
      io.out(`Next: ai-eval validate --workspace ${shellWord(created.dir)}`);
      return EXIT.ok;
    });
  },
};

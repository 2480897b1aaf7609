// `ai-eval init [DIR]`: creates a workspace from the example and trusts it.
import { EXIT } from './command';
import { dirCommand } from './dir-command';
import { shellWord } from '../../src-shared/text/shell-word';

export const initCommand = dirCommand(
  'init',
  'Create a workspace from the example (a library help desk)',
  async (client, io, dir) => {
    const created = await client['workspace.create']({ dir });
    io.out(`Created the example workspace in ${created.dir} (trusted).`);
    io.out(`Next: ai-eval validate --workspace ${shellWord(created.dir)}`);
    return EXIT.ok;
  },
);

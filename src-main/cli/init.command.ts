// `ai-eval init [DIR]`: creates a workspace from the example and trusts it.
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { defaultConfigDir, findResourcesDir } from '../paths';
import { createExampleWorkspace, WorkspaceExistsError } from '../workspace/example';
import { TrustStore } from '../workspace/trust';
import { EXIT, type Command } from './command';

export const initCommand: Command = {
  name: 'init',
  summary: 'Create a workspace from the example (a library help desk)',
  usage: 'ai-eval init [DIR]',
  options: { help: { type: 'boolean', short: 'h' } },
  allowPositionals: true,
  async run(args, io) {
    const dir = resolve(io.cwd, args.positionals[0] ?? '.');
    mkdirSync(dir, { recursive: true });
    try {
      createExampleWorkspace(findResourcesDir(), dir);
    } catch (error) {
      if (error instanceof WorkspaceExistsError) {
        io.err(`error: ${error.message}`);
        return EXIT.invalid;
      }
      throw error;
    }
    new TrustStore(io.env.AIEVAL_CONFIG_DIR ?? defaultConfigDir()).trust(dir);
    io.out(`Created the example workspace in ${dir} (trusted).`);
    io.out(`Next: ai-eval validate --workspace ${dir}`);
    return EXIT.ok;
  },
};

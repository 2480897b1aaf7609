// `ai-eval trust [DIR]`: lets a workspace start stdio MCP servers and run command checks.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { defaultConfigDir } from '../paths';
import { CONFIG_FILE } from '../workspace/load-workspace';
import { TrustStore } from '../workspace/trust';
import { EXIT, type Command } from './command';

export const trustCommand: Command = {
  name: 'trust',
  summary: 'Trust a workspace: its MCP servers and command checks may run',
  usage: 'ai-eval trust [DIR]',
  options: { help: { type: 'boolean', short: 'h' } },
  allowPositionals: true,
  async run(args, io) {
    const dir = resolve(io.cwd, args.positionals[0] ?? '.');
    if (!existsSync(join(dir, CONFIG_FILE))) {
      io.err(`error: no ${CONFIG_FILE} in ${dir}`);
      return EXIT.invalid;
    }
    new TrustStore(io.env.AIEVAL_CONFIG_DIR ?? defaultConfigDir()).trust(dir);
    io.out(`Trusted ${dir}.`);
    return EXIT.ok;
  },
};

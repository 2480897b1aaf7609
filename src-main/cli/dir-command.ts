// A command over the workspace folder given as its `[DIR]` argument (default: the current one), checked by the service.
import { resolve } from 'node:path';
import type { CliIo, Command } from './command';
import { withWorkspaceClient, type ServiceClient } from './workspace-client';

type DirWork = (client: ServiceClient, io: CliIo, dir: string) => Promise<number>;

/** `ai-eval NAME [DIR]`: `work` runs with a client of the service opened over DIR. */
export function dirCommand(name: string, summary: string, work: DirWork): Command {
  return {
    name,
    summary,
    usage: `ai-eval ${name} [DIR]`,
    options: { help: { type: 'boolean', short: 'h' } },
    allowPositionals: true,
    async run(args, io) {
      const dir = resolve(io.cwd, args.positionals[0] ?? '.');
      return withWorkspaceClient(args, io, { byService: true, dir }, (client) => work(client, io, dir));
    },
  };
}

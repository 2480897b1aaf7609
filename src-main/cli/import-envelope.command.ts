// `ai-eval import-envelope FILE...`: reads EEE files (ours or other tools', 0.3.0 or 0.2.x) into the results store.
import { resolve } from 'node:path';
import { COMMON_OPTIONS, EXIT, UsageError, type Command } from './command';
import { withWorkspaceClient } from './workspace-client';

export const importEnvelopeCommand: Command = {
  name: 'import-envelope',
  summary: 'Import Every Eval Ever files (with their samples) as runs; tampered or invalid files are refused (exit 2)',
  usage: 'ai-eval import-envelope FILE.json [FILE...] [--json]',
  options: { ...COMMON_OPTIONS, json: { type: 'boolean' } },
  allowPositionals: true,
  async run(args, io) {
    if (args.positionals.length === 0) throw new UsageError('give at least one EEE file (<uuid>.json)');
    return withWorkspaceClient(args, io, {}, async (client) => {
      const paths = args.positionals.map((file) => resolve(io.cwd, file));
      const { outcomes } = await client['import.envelopes']({ paths });
      if (args.values.json) io.out(JSON.stringify({ outcomes }, null, 2));
      for (const outcome of outcomes) {
        if (outcome.status === 'refused') {
          io.err(`error: ${outcome.path} refused:`);
          for (const reason of outcome.reasons) io.err(`  ${reason}`);
          continue;
        }
        for (const warning of outcome.warnings) io.err(`warning: ${outcome.path}: ${warning}`);
        if (args.values.json) continue;
        if (outcome.status === 'unchanged') io.out(`${outcome.path}: unchanged (${outcome.reasons.join('; ')})`);
        else
          io.out(`${outcome.path}: ${outcome.status} as run ${outcome.runId} (${outcome.questions} question results)`);
      }
      return outcomes.some((outcome) => outcome.status === 'refused') ? EXIT.invalid : EXIT.ok;
    });
  },
};

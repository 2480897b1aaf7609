// `ai-eval import-envelope FILE...`: reads EEE files (ours or other tools', 0.3.0 or 0.2.x) into the results store.
import { JSON_OPTIONS, EXIT, pathArguments, type Command } from './command';
import { withWorkspaceClient } from './workspace-client';
import { importOutcomeLines } from '../../src-shared/text/import-outcome-lines';

export const importEnvelopeCommand: Command = {
  name: 'import-envelope',
  summary: 'Import Every Eval Ever files (with their samples) as runs; tampered or invalid files are refused (exit 2)',
  usage: 'ai-eval import-envelope FILE.json [FILE...] [--json]',
  options: JSON_OPTIONS,
  allowPositionals: true,
  async run(args, io) {
    const paths = pathArguments(args, io, 'give at least one EEE file (<uuid>.json)');
    return withWorkspaceClient(args, io, {}, async (client) => {
      const { outcomes } = await client['import.envelopes']({ paths });
      if (args.values.json) io.out(JSON.stringify({ outcomes }, null, 2));
      for (const outcome of outcomes) {
        for (const line of importOutcomeLines(outcome)) {
          // With --json the outcomes are on stdout already; only the errors and warnings still go to stderr.
          if (line.level !== 'info') io.err(line.text);
          else if (!args.values.json) io.out(line.text);
        }
      }
      return outcomes.some((outcome) => outcome.status === 'refused') ? EXIT.invalid : EXIT.ok;
    });
  },
};

// `ai-eval validate`: checks every workspace file; one line per problem, `file:line:col key.path message`.
import { formatIssue } from '../../src-shared/model';
import { JSON_OPTIONS, EXIT, type Command } from './command';
import { withWorkspaceClient } from './workspace-client';
import { plural } from '../../src-shared/text/plural';

export const validateCommand: Command = {
  name: 'validate',
  summary: 'Check aieval.yaml, datasets and rubrics; exit 2 on any error',
  usage: 'ai-eval validate [--workspace DIR] [--json]',
  options: JSON_OPTIONS,
  async run(args, io) {
    return withWorkspaceClient(args, io, { byService: true }, async (client) => {
      const found = await client['workspace.validate']({});
      if (args.values.json) {
        io.out(JSON.stringify({ valid: found.valid, issues: found.issues }, null, 2));
      } else {
        for (const issue of found.issues)
          io.err(`${formatIssue(issue)}${issue.severity === 'warning' ? ' (warning)' : ''}`);
        if (found.valid)
          io.out(
            `ok: ${plural(found.targets, 'target')}, ${plural(found.datasets, 'dataset')} (${plural(found.questions, 'question')}), ${plural(found.rubrics, 'rubric')}`,
          );
      }
      return found.valid ? EXIT.ok : EXIT.invalid;
    });
  },
};

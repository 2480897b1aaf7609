// `ai-eval validate`: checks every workspace file; one line per problem, `file:line:col key.path message`.
import { formatIssue } from '../../src-shared/model';
import { JSON_OPTIONS, EXIT, type Command } from './command';
import { withWorkspaceClient } from './workspace-client';
import { plural } from '../../src-shared/text/plural';

const ALL_DISABLED =
  'every target is disabled: `ai-eval run` would refuse to run; enable one, or name it with --target';

export const validateCommand: Command = {
  name: 'validate',
  summary: 'Check aieval.yaml, datasets and rubrics; exit 2 on any error',
  usage: 'ai-eval validate [--workspace DIR] [--json]',
  options: JSON_OPTIONS,
  async run(args, io) {
    return withWorkspaceClient(args, io, { byService: true }, async (client) => {
      const found = await client['workspace.validate']({});
      // `ai-eval run` refuses a workspace with no enabled target: so does validate (a warning above says where).
      const runnable = found.targets === 0 || found.enabledTargets > 0;
      const valid = found.valid && runnable;
      if (args.values.json) {
        io.out(JSON.stringify({ valid, issues: found.issues }, null, 2));
      } else {
        for (const issue of found.issues)
          io.err(`${formatIssue(issue)}${issue.severity === 'warning' ? ' (warning)' : ''}`);
        if (found.valid && !runnable) io.err(`error: ${ALL_DISABLED}`);
        if (valid)
          io.out(
            `ok: ${plural(found.targets, 'target')}, ${plural(found.datasets, 'dataset')} (${plural(found.questions, 'question')}), ${plural(found.rubrics, 'rubric')}`,
          );
      }
      return valid ? EXIT.ok : EXIT.invalid;
    });
  },
};

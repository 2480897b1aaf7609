// `ai-eval validate`: checks every workspace file; one line per problem, `file:line:col key.path message`.
import { formatIssue } from '../../src-shared/model';
import { hasErrors, loadWorkspace } from '../workspace/load-workspace';
import { COMMON_OPTIONS, EXIT, workspaceDirOf, type Command } from './command';

export const validateCommand: Command = {
  name: 'validate',
  summary: 'Check aieval.yaml, datasets and rubrics; exit 2 on any error',
  usage: 'ai-eval validate [--workspace DIR] [--json]',
  options: { ...COMMON_OPTIONS, json: { type: 'boolean' } },
  async run(args, io) {
    const workspace = loadWorkspace(workspaceDirOf(args, io));
    const failed = hasErrors(workspace.issues);
    if (args.values.json) {
      io.out(JSON.stringify({ valid: !failed, issues: workspace.issues }, null, 2));
    } else {
      for (const issue of workspace.issues)
        io.err(`${formatIssue(issue)}${issue.severity === 'warning' ? ' (warning)' : ''}`);
      if (!failed) {
        const questions = [...workspace.datasets.values()].reduce((sum, d) => sum + d.questions.length, 0);
        io.out(
          `ok: ${workspace.config?.targets.length ?? 0} targets, ${workspace.datasets.size} datasets (${questions} questions), ${workspace.rubrics.size} rubrics`,
        );
      }
    }
    return failed ? EXIT.invalid : EXIT.ok;
  },
};

// `ai-eval promote TRACE_ID... --dataset ID | --judge GRADER`: turns reviewed traces into questions or gold labels.
import { JSON_OPTIONS, EXIT, UsageError, type Command } from './command';
import { judgeGraderArg } from './judge-cli';
import { withWorkspaceClient } from './workspace-client';

export const promoteCommand: Command = {
  name: 'promote',
  summary: "Promote reviewed traces into a dataset or a judge's gold set (refuses truncated or uncaptured ones)",
  usage: 'ai-eval promote TRACE_ID... (--dataset ID | --judge GRADER) [--workspace DIR] [--json]',
  options: {
    ...JSON_OPTIONS,
    dataset: { type: 'string', short: 'd' },
    judge: { type: 'string' },
  },
  allowPositionals: true,
  async run(args, io) {
    if (args.positionals.length === 0) throw new UsageError('give at least one trace id (see ai-eval traces)');
    const dataset = typeof args.values.dataset === 'string' ? args.values.dataset : undefined;
    if ((dataset === undefined) === (args.values.judge === undefined))
      throw new UsageError('give exactly one of --dataset ID and --judge GRADER');
    const judgeGrader =
      args.values.judge === undefined
        ? undefined
        : judgeGraderArg({ ...args, values: { ...args.values, grader: args.values.judge } });
    const ids = args.positionals.map((id) => id.trim().toLowerCase());
    return withWorkspaceClient(args, io, {}, async (client) => {
      const result = await client['traces.promote']({ ids, dataset, judgeGrader });
      if (args.values.json) io.out(JSON.stringify(result, null, 2));
      else {
        const into = dataset ? `dataset ${dataset}` : `the gold set of ${judgeGrader}`;
        for (const outcome of result.outcomes) {
          if (outcome.promoted) io.out(`promoted ${outcome.id} into ${into} as ${outcome.createdId}`);
          else io.err(`refused ${outcome.id}: ${outcome.reason}`);
        }
      }
      return result.refused > 0 ? EXIT.invalid : EXIT.ok;
    });
  },
};

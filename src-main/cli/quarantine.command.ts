// `ai-eval quarantine add|remove|list`: a target's quarantined questions in aieval.yaml (one line each, minimal diff);
// the gate leaves them out and says so, they still run and are scored.
import { formatIssue, type QuarantineEntry } from '../../src-shared/model';
import { JSON_OPTIONS, EXIT, type Command } from './command';
import { withWorkspaceClient } from './workspace-client';

const entryText = (entry: QuarantineEntry) =>
  typeof entry === 'string' ? entry : `${entry.id}${entry.reason ? ` (${entry.reason})` : ''}`;

const ACTIONS = ['add', 'remove', 'list'] as const;
const USAGE =
  'ai-eval quarantine add|remove --target ID --question ID [ID...] [--reason TEXT] | ai-eval quarantine list [--target ID]... [--workspace DIR] [--json]';

export const quarantineCommand: Command = {
  name: 'quarantine',
  summary: "Put a target's flaky questions in quarantine (the gate leaves them out and says so), or take them out",
  usage: USAGE,
  allowPositionals: true,
  options: {
    ...JSON_OPTIONS,
    target: { type: 'string', multiple: true },
    question: { type: 'string', multiple: true },
    reason: { type: 'string' },
  },
  async run(args, io) {
    const action = args.positionals[0] as (typeof ACTIONS)[number] | undefined;
    const targets = (args.values.target as string[] | undefined) ?? [];
    // `--question a b` reads as two ids: the words after the action are ids too.
    const questions = [...((args.values.question as string[] | undefined) ?? []), ...args.positionals.slice(1)];
    const problem =
      !action || !ACTIONS.includes(action)
        ? `say add, remove or list (got ${args.positionals.join(' ') || 'nothing'})`
        : action === 'list' && args.positionals.length > 1
          ? `list takes no question ids (got ${args.positionals.slice(1).join(' ')})`
          : action !== 'list' && (targets.length !== 1 || questions.length === 0)
            ? `${action} takes one --target and at least one --question`
            : action !== 'add' && args.values.reason !== undefined
              ? '--reason goes with add only'
              : undefined;
    if (problem) {
      io.err(`error: ${problem}\nusage: ${USAGE}`);
      return EXIT.invalid;
    }
    return withWorkspaceClient(args, io, { requireValid: true }, async (client) => {
      if (action === 'list') {
        const ids = targets.length > 0 ? targets : (await client['targets.list']({})).map((target) => target.id);
        const lists = [];
        for (const id of ids)
          lists.push({ target: id, quarantine: (await client['targets.get']({ id })).quarantine ?? [] });
        if (args.values.json) io.out(JSON.stringify(lists, null, 2));
        else
          for (const { target, quarantine } of lists)
            io.out(
              `${target}: ${quarantine.length === 0 ? 'nothing quarantined' : quarantine.map(entryText).join(', ')}`,
            );
        return EXIT.ok;
      }
      const targetId = targets[0]!;
      const reason = args.values.reason as string | undefined;
      let last: string[] = [];
      for (const questionId of questions) {
        const saved = await client['history.quarantine']({ targetId, questionId, on: action === 'add', reason });
        for (const issue of saved.issues) io.err(formatIssue(issue));
        if (saved.issues.some((issue) => issue.severity === 'error')) return EXIT.invalid;
        const verb = action === 'add' ? 'quarantined' : 'out of quarantine';
        io.out(`${targetId}: ${questionId} ${saved.changed ? verb : `already ${verb}`}`);
        last = saved.quarantine;
      }
      if (args.values.json) io.out(JSON.stringify({ target: targetId, quarantine: last }, null, 2));
      else io.out(`${targetId}: quarantine now ${last.length === 0 ? 'empty' : last.join(', ')}`);
      return EXIT.ok;
    });
  },
};

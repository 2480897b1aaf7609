// `ai-eval label`: lists a judge's gold items still to label, labels them, or takes a label back; one line each in the
// reviewer's own file (labels/<grader>/reviewers/<name>.jsonl), which git merges without conflicts.
import type { GoldItem, GraderId, LabelVerdict } from '../../src-shared/model';
import { plural } from '../../src-shared/text/plural';
import { COMMON_OPTIONS, EXIT, UsageError, type CliIo, type Command } from './command';
import { judgeGraderArg } from './judge-cli';
import { withWorkspaceClient } from './workspace-client';

const VERDICTS: readonly string[] = ['pass', 'fail', 'defer'];

export const labelCommand: Command = {
  name: 'label',
  summary: "Label a judge's gold items (pass, fail, defer) as you, or list those still to label",
  usage:
    'ai-eval label --grader ID [ITEM=pass|fail|defer]… [--note TEXT] [--reviewer NAME] | --show ITEM | --undo ITEM',
  options: {
    ...COMMON_OPTIONS,
    grader: { type: 'string', short: 'g' },
    note: { type: 'string' },
    reviewer: { type: 'string' },
    show: { type: 'string' },
    undo: { type: 'string' },
  },
  allowPositionals: true,
  async run(args, io) {
    const grader = judgeGraderArg(args);
    const pairs = args.positionals.map(parsePair);
    const { show, undo, note, reviewer: named } = args.values;
    if ([pairs.length > 0, show !== undefined, undo !== undefined].filter(Boolean).length > 1)
      throw new UsageError('give ITEM=VERDICT pairs, --show ITEM or --undo ITEM, one of them');
    return withWorkspaceClient(args, io, { requireValid: true }, async (client) => {
      const files = await client['judges.goldSetFiles']({
        grader,
        ...(typeof named === 'string' ? { reviewer: named.trim() } : {}),
      });
      const { reviewer, reviewerFile: file } = files;
      const items = await client['judges.goldItems']({ grader });
      if (items.length === 0) {
        io.err(`error: ${grader} has no gold items; sample its calls first: ai-eval sample-traces --grader ${grader}`);
        return EXIT.invalid;
      }
      const find = (prefix: string) => itemByPrefix(items, prefix);
      if (typeof show === 'string') return printItem(find(show), io);
      if (reviewer === '')
        io.err(
          'warning: no reviewer name (--reviewer NAME): your labels are the unnamed reviewer’s and count in no agreement',
        );
      if (typeof undo === 'string') {
        const item = find(undo);
        const { reverted } = await client['labels.undo']({ subjectType: 'gold_item', subjectId: item.id, reviewer });
        io.out(
          reverted.length > 0 ? `Took back your label of ${item.id} in ${file}.` : `You had no label of ${item.id}.`,
        );
        return EXIT.ok;
      }
      if (pairs.length === 0) return listUnlabelled(grader, items, io);
      const notes = typeof note === 'string' ? { notes: note } : {};
      for (const { prefix, verdict } of pairs) {
        const subjectId = find(prefix).id;
        await client['labels.submit']({ subjectType: 'gold_item', subjectId, verdict, reviewer, ...notes });
      }
      io.out(`Labelled ${plural(pairs.length, 'item')} as ${reviewer || 'the unnamed reviewer'} in ${file}.`);
      return EXIT.ok;
    });
  },
};

function parsePair(arg: string): { prefix: string; verdict: LabelVerdict } {
  const [prefix, verdict] = arg.split('=');
  if (!prefix || verdict === undefined || !VERDICTS.includes(verdict))
    throw new UsageError(`"${arg}" is not ITEM=pass, ITEM=fail or ITEM=defer`);
  return { prefix, verdict: verdict as LabelVerdict };
}

/** The item whose id is or starts with `prefix` (as git takes a short commit id). */
function itemByPrefix(items: readonly GoldItem[], prefix: string): GoldItem {
  const found = items.filter((item) => item.id === prefix || item.id.startsWith(prefix));
  if (found.length === 1) return found[0]!;
  if (found.length === 0) throw new UsageError(`no gold item "${prefix}"; ai-eval label --grader ID lists them`);
  throw new UsageError(`"${prefix}" starts ${found.length} item ids; give more of it`);
}

/** The items the reviewer has not labelled, one line each: id and the question's first line. */
function listUnlabelled(grader: GraderId, items: readonly GoldItem[], io: CliIo): number {
  const open = items.filter((item) => item.human_label === null);
  io.out(`${grader}: ${items.length - open.length} of ${plural(items.length, 'item')} labelled by you.`);
  for (const item of open) io.out(`  ${item.id}  ${firstLine(item.question, 90)}`);
  if (open.length > 0)
    io.out(
      `Read one with --show ITEM (the judge's verdict is not shown), then: ai-eval label --grader ${grader} ITEM=pass`,
    );
  return EXIT.ok;
}

/** The whole question and answer, without the judge's verdict: label before you see it. */
function printItem(item: GoldItem, io: CliIo): number {
  io.out(`${item.id}${item.human_label ? ` (your label: ${item.human_label})` : ''}`);
  io.out('question:');
  io.out(indent(item.question));
  io.out('answer:');
  io.out(indent(item.response));
  return EXIT.ok;
}

const firstLine = (text: string, width: number) => {
  const line = text.split('\n')[0] ?? '';
  return line.length > width ? `${line.slice(0, width - 1)}…` : line;
};
const indent = (text: string) =>
  text
    .split('\n')
    .map((line) => `  ${line}`)
    .join('\n');

// `ai-eval traces`: lists the review items of imported traces (filtered), or shows one (`traces show ID`).
import { labelState, reviewStatus, type ReviewItem } from '../../src-shared/model';
import { JSON_OPTIONS, EXIT, UsageError, type Command, type ParsedArgs } from './command';
import { intArg } from './judge-cli';
import { withWorkspaceClient } from './workspace-client';
import { figuresJson, showJson, showLines } from './traces-show';
import { plural } from '../../src-shared/text/plural';

/** The JSON shape of one item: snake_case, stable for scripts; more keys may be added, none renamed. */
const toJson = (item: ReviewItem) => ({
  trace_id: item.traceId,
  conversation_id: item.conversationId,
  group_key: item.groupKey,
  model: item.model,
  provider: item.provider,
  convention: item.convention,
  input_text: item.inputText,
  output_text: item.outputText,
  tool_calls: item.toolCalls.map((call) => ({ name: call.name, arguments: call.arguments, result: call.result })),
  ...figuresJson(item),
  flags: item.flags,
  started_at: item.startedAt === null ? null : new Date(item.startedAt).toISOString(),
  latency_ms: item.latencyMs,
  label: item.verdict,
});

function filtersOf(args: ParsedArgs) {
  const pick = <T extends string>(name: string, allowed: readonly T[]): T | undefined => {
    const value = args.values[name];
    if (value === undefined) return undefined;
    if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value))
      throw new UsageError(`--${name} must be one of ${allowed.join(', ')}`);
    return value as T;
  };
  return {
    model: typeof args.values.model === 'string' ? args.values.model : undefined,
    status: pick('status', reviewStatus.options),
    labelState: pick('label', labelState.options),
    tag: typeof args.values.tag === 'string' ? args.values.tag : undefined,
  };
}

const clip = (text: string | null, width: number) => {
  const flat = (text ?? '-').replace(/\s+/g, ' ');
  return flat.length > width ? `${flat.slice(0, width - 1)}…` : flat;
};

export const tracesCommand: Command = {
  name: 'traces',
  allowPositionals: true,
  summary: 'List the review items of imported traces, or show one conversation (traces show ID)',
  usage:
    'ai-eval traces [--workspace DIR] [--json] [--limit N] [--offset N] [--model M] [--status ok|error] [--label STATE] [--tag T] [--group KEY]\n' +
    '       ai-eval traces show ID [--json] [--workspace DIR]',
  options: {
    ...JSON_OPTIONS,
    limit: { type: 'string', short: 'n' },
    offset: { type: 'string' },
    model: { type: 'string' },
    status: { type: 'string' },
    label: { type: 'string' },
    tag: { type: 'string' },
    group: { type: 'string' },
  },
  async run(args, io) {
    const [sub, id, ...extra] = args.positionals;
    if (sub === 'show') {
      if (!id || extra.length) throw new UsageError('traces show takes one trace id (see ai-eval traces)');
      return withWorkspaceClient(args, io, {}, async (client) => {
        const { item, label } = await client['traces.get']({ id: id.trim().toLowerCase() });
        if (args.values.json) io.out(JSON.stringify(showJson(item, label), null, 2));
        else for (const line of showLines(item, label)) io.out(line);
        return EXIT.ok;
      });
    }
    if (sub !== undefined) throw new UsageError(`unknown argument "${sub}"; did you mean: ai-eval traces show ID`);
    const limit = intArg(args, 'limit', 100, 1);
    const offset = intArg(args, 'offset', 0, 0);
    const filters = filtersOf(args);
    const groupKey = typeof args.values.group === 'string' ? args.values.group : undefined;
    return withWorkspaceClient(args, io, {}, async (client) => {
      const items: ReviewItem[] = [];
      let total = 0;
      while (items.length < limit) {
        const page = await client['traces.items']({
          filters,
          groupKey,
          offset: offset + items.length,
          limit: Math.min(500, limit - items.length),
        });
        total = page.total;
        items.push(...page.items);
        if (page.items.length === 0 || offset + items.length >= total) break;
      }
      if (args.values.json) {
        io.out(JSON.stringify(items.map(toJson), null, 2));
        return EXIT.ok;
      }
      if (total === 0) {
        io.out('No review items. Import traces first: ai-eval import-traces FILE...');
        return EXIT.ok;
      }
      io.out(['trace', 'model', 'status', 'flags', 'label', 'question'].join('\t'));
      for (const item of items) {
        const flags = [
          item.truncated ? 'truncated' : '',
          item.captured ? '' : 'uncaptured',
          item.toolCalls.length ? `${item.toolCalls.length} tools` : '',
        ]
          .filter(Boolean)
          .join(',');
        io.out(
          [
            item.traceId,
            item.model ?? '-',
            item.status,
            flags || '-',
            item.verdict ?? '-',
            clip(item.inputText, 70),
          ].join('\t'),
        );
      }
      io.out(
        `${items.length} of ${plural(total, 'item')}${offset + items.length < total ? `; --offset ${offset + items.length} for more` : ''}`,
      );
      return EXIT.ok;
    });
  },
};

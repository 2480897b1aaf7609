// Flags shared by `ai-eval run` and `ai-eval regrade`, parsed and checked (a wrong value is a usage error, exit 2).
import type { ParseArgsConfig } from 'node:util';
import type { RunSource, ShardSpec } from '../../src-shared/model';
import { parseShard } from '../../src-shared/text/shard-spec';
import { UsageError, type CliIo, type ParsedArgs } from './command';

export const REPORT_OPTIONS = {
  concurrency: { type: 'string' },
  source: { type: 'string' },
  json: { type: 'string' },
  junit: { type: 'string' },
} as const satisfies NonNullable<ParseArgsConfig['options']>;

/** Who starts a run from the command line (an import is never started). */
type StartSource = Exclude<RunSource, 'import'>;
const SOURCES: readonly StartSource[] = ['manual', 'ci', 'schedule'];

export type ReportFlags = Readonly<{ concurrency?: number; source: StartSource; json?: string; junit?: string }>;
export type RunFlags = ReportFlags &
  Readonly<{
    targets: string[];
    questions: string[];
    repeat: number;
    /** `--adaptive`: a question's repeats stop once its verdict is settled. */
    adaptive: boolean;
    dryRun: boolean;
    /** Start without checking providers, models, keys and MCP servers first. */
    skipPreflight: boolean;
    resume?: string;
    record?: string;
    shard: ShardSpec | null;
    /** `--out DIR` (with --shard): where the shard's bundle for `ai-eval merge` goes. */
    out?: string;
    /** How many processes spend the provider accounts' rate limits: --rate-share, else N of --shard I/N, else 1. */
    rateShare: number;
  }>;

const text = (args: ParsedArgs, name: string): string | undefined => {
  const value = args.values[name];
  return typeof value === 'string' ? value : undefined;
};
const list = (args: ParsedArgs, name: string): string[] => {
  const value = args.values[name];
  return Array.isArray(value) ? value : [];
};

function positiveInt(value: string | undefined, flag: string, max: number): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > max)
    throw new UsageError(`--${flag} must be a whole number from 1 to ${max}, got "${value}"`);
  return Number(value);
}

export function parseReportFlags(args: ParsedArgs, io: CliIo): ReportFlags {
  const source = text(args, 'source') ?? (io.env.CI === 'true' ? 'ci' : 'manual');
  if (!SOURCES.includes(source as StartSource))
    throw new UsageError(`--source must be one of ${SOURCES.join(', ')}, got "${source}"`);
  return {
    concurrency: positiveInt(text(args, 'concurrency'), 'concurrency', 256),
    source: source as StartSource,
    json: text(args, 'json'),
    junit: text(args, 'junit'),
  };
}

export function parseRunFlags(args: ParsedArgs, io: CliIo): RunFlags {
  const resume = text(args, 'resume');
  const targets = list(args, 'target');
  const questions = list(args, 'question');
  const repeatText = text(args, 'repeat');
  const shardText = text(args, 'shard');
  if (
    resume !== undefined &&
    (targets.length > 0 || questions.length > 0 || repeatText !== undefined || shardText !== undefined)
  ) {
    throw new UsageError(
      '--resume continues a run as it was planned; it takes no --target, --question, --repeat or --shard',
    );
  }
  let shard: ShardSpec | null = null;
  if (shardText !== undefined) {
    try {
      shard = parseShard(shardText);
    } catch (error) {
      throw new UsageError((error as Error).message, { cause: error });
    }
  }
  const adaptive = args.values.adaptive === true;
  const repeat = positiveInt(repeatText, 'repeat', 100) ?? 1;
  if (adaptive && (resume !== undefined || repeat < 2))
    throw new UsageError(
      resume === undefined
        ? "--adaptive stops a question's repeats early; it needs --repeat N with N of 2 or more"
        : '--resume continues a run as it was planned (an adaptive run stays adaptive); it takes no --adaptive',
    );
  if (text(args, 'rate-share') !== undefined && shard === null)
    throw new UsageError(
      '--rate-share N splits the rate limits between the N processes of a sharded run; it needs --shard I/N',
    );
  const out = text(args, 'out');
  if (out !== undefined && shard === null)
    throw new UsageError('--out DIR writes the bundle of one shard for `ai-eval merge`; it needs --shard I/N');
  return {
    ...parseReportFlags(args, io),
    out,
    rateShare: positiveInt(text(args, 'rate-share'), 'rate-share', 10_000) ?? shard?.count ?? 1,
    targets,
    questions,
    repeat,
    adaptive,
    dryRun: args.values['dry-run'] === true,
    skipPreflight: args.values['skip-preflight'] === true,
    resume,
    record: text(args, 'record'),
    shard,
  };
}

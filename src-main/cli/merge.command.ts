// `ai-eval merge`: the shard bundles of a sharded run become one stored run per target, gated as `ai-eval run` gates.
import { resolve } from 'node:path';
import { COMMON_OPTIONS, EXIT, pathArguments, type CliIo, type Command } from './command';
import { summaryLines } from './run-printer';
import { exitCodeOf } from './run-session';
import { withWorkspaceClient } from './workspace-client';

const refuse = (problems: readonly string[], io: CliIo): number => {
  for (const problem of problems) io.err(`error: ${problem}`);
  io.err('error: nothing merged; the gate needs every shard of the same run, each once');
  return EXIT.invalid;
};

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

export const mergeCommand: Command = {
  name: 'merge',
  summary:
    'Merge the shards of `run --shard I/N --out DIR` into one run per target and apply its gate (exit 1 on a failed hard gate)',
  usage: 'ai-eval merge DIR|FILE... [--json FILE] [--junit FILE] [--workspace DIR]',
  options: { ...COMMON_OPTIONS, json: { type: 'string' }, junit: { type: 'string' } },
  allowPositionals: true,
  async run(args, io) {
    const paths = pathArguments(
      args,
      io,
      'give the folders (or ai-eval-shard-I-of-N.json files) that `run --shard I/N --out` wrote',
    );
    // The service refuses an invalid workspace itself, once the shard set is whole (a bad set is refused first).
    return withWorkspaceClient(args, io, { byService: true }, async (client) => {
      const { merged, problems } = await client['runs.merge']({ paths });
      for (const group of merged) {
        const { runId } = group.finished;
        io.err(
          group.again
            ? `${group.targetId}: shards ${group.shard} were merged before, as run ${runId}`
            : `${group.targetId}: merged shards ${group.shard} into run ${runId}`,
        );
        for (const warning of group.warnings) io.err(`warning: ${warning}`);
      }
      if (problems.length > 0) return refuse(problems, io);
      const finished = merged.map((group) => group.finished);
      const runIds = finished.map((end) => end.runId);
      const json = text(args.values.json);
      const junit = text(args.values.junit);
      if (json !== undefined) {
        await client['runs.reports']({ runIds, json: resolve(io.cwd, json) });
        io.err(`wrote ${json}`);
      }
      if (junit !== undefined) {
        await client['runs.reports']({ runIds, junit: resolve(io.cwd, junit) });
        io.err(`wrote ${junit}`);
      }
      for (const line of summaryLines(finished)) io.out(line);
      return exitCodeOf(finished);
    });
  },
};

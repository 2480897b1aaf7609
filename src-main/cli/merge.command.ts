// `ai-eval merge`: the shard bundles of a sharded run become one stored run per target, gated as `ai-eval run` gates.
import { resolve } from 'node:path';
import type { RunFinished } from '../../src-shared/model';
import { judgeSetupOf } from '../engine/judges/judge-identity';
import { mergeShardGroup } from '../engine/export/merge-shards';
import { checkShardSet, readManifests } from '../engine/export/shard-set';
import { writeJsonReport } from '../engine/run/report-json';
import { writeJunitReport } from '../engine/run/report-junit';
import { createCliApp } from './cli-app';
import { COMMON_OPTIONS, EXIT, UsageError, type CliIo, type Command } from './command';
import { summaryLines } from './run-printer';
import { exitCodeOf, printedWorkspaceIssues } from './run-session';

const refuse = (problems: readonly string[], io: CliIo): number => {
  for (const problem of problems) io.err(`error: ${problem}`);
  io.err('error: nothing merged; the gate needs every shard of the same run, each once');
  return EXIT.invalid;
};

export const mergeCommand: Command = {
  name: 'merge',
  summary:
    'Merge the shards of `run --shard I/N --out DIR` into one run per target and apply its gate (exit 1 on a failed hard gate)',
  usage: 'ai-eval merge DIR|FILE... [--json FILE] [--junit FILE] [--workspace DIR]',
  options: { ...COMMON_OPTIONS, json: { type: 'string' }, junit: { type: 'string' } },
  allowPositionals: true,
  async run(args, io) {
    if (args.positionals.length === 0)
      throw new UsageError('give the folders (or ai-eval-shard-I-of-N.json files) that `run --shard I/N --out` wrote');
    const { files, problems } = readManifests(args.positionals.map((path) => resolve(io.cwd, path)));
    const set = checkShardSet(files);
    if (problems.length > 0 || set.problems.length > 0) return refuse([...problems, ...set.problems], io);
    const app = createCliApp(args, io);
    try {
      const workspace = app.state.validWorkspace();
      const deps = {
        db: app.state.db,
        resourcesDir: app.state.options.resourcesDir,
        clock: app.state.clock,
        judgeSetup: judgeSetupOf(workspace),
      };
      const finished: RunFinished[] = [];
      for (const group of set.groups) {
        const outcome = await mergeShardGroup(deps, group);
        if (!outcome.ok) return refuse(outcome.problems, io);
        const { runId } = outcome.finished;
        io.err(
          outcome.again
            ? `${group.targetId}: shards ${outcome.shard} were merged before, as run ${runId}`
            : `${group.targetId}: merged shards ${outcome.shard} into run ${runId}`,
        );
        for (const warning of outcome.warnings) io.err(`warning: ${warning}`);
        finished.push(outcome.finished);
      }
      const runIds = finished.map((end) => end.runId);
      const json = args.values.json;
      if (typeof json === 'string') {
        await writeJsonReport(resolve(io.cwd, json), app.state.db, runIds);
        io.err(`wrote ${json}`);
      }
      const junit = args.values.junit;
      if (typeof junit === 'string') {
        await writeJunitReport(resolve(io.cwd, junit), app.state.db, runIds);
        io.err(`wrote ${junit}`);
      }
      for (const line of summaryLines(finished)) io.out(line);
      return exitCodeOf(finished);
    } catch (error) {
      if (printedWorkspaceIssues(error, io)) return EXIT.invalid;
      throw error;
    } finally {
      await app.dispose();
    }
  },
};

// `ai-eval export-envelope`: writes each complete run as an EEE 0.3.0 aggregate + samples file, validated before writing;
// with --baseline each also carries its paired comparison with that run (as a matrix column's export does).
import { resolve } from 'node:path';
import { parseSince } from '../../src-shared/text/since';
import { JSON_OPTIONS, EXIT, UsageError, type Command } from './command';
import { withWorkspaceClient } from './workspace-client';
import { plural } from '../../src-shared/text/plural';

export const exportEnvelopeCommand: Command = {
  name: 'export-envelope',
  summary: 'Export complete runs as Every Eval Ever 0.3.0 files (aggregate + samples), validated before writing',
  usage:
    'ai-eval export-envelope [RUN…] [--target ID] [--since WHEN] [--baseline RUN] [--output-dir DIR] [--json]\n' +
    '  RUN…            only these runs (else every complete run of --target, or of all, since WHEN)\n' +
    '  --since WHEN    2026-03-01, epoch seconds, or -7d\n' +
    '  --baseline RUN  each other run also carries its difference from RUN in score (95% bootstrap interval) and in\n' +
    "                  pass rate (McNemar's test), as two more results",
  options: {
    ...JSON_OPTIONS,
    target: { type: 'string', short: 't' },
    since: { type: 'string' },
    baseline: { type: 'string', short: 'b' },
    'output-dir': { type: 'string', short: 'o' },
  },
  allowPositionals: true,
  async run(args, io) {
    const target = typeof args.values.target === 'string' ? args.values.target : null;
    const sinceText = typeof args.values.since === 'string' ? args.values.since : null;
    let since: number | null = null;
    if (sinceText !== null) {
      try {
        since = parseSince(sinceText, Date.now());
      } catch (error) {
        throw new UsageError((error as Error).message, { cause: error });
      }
    }
    const runIds = args.positionals;
    if (runIds.length > 0 && (target !== null || sinceText !== null))
      throw new UsageError('name runs, or select them with --target and --since, not both');
    const baseline = typeof args.values.baseline === 'string' ? args.values.baseline : undefined;
    if (baseline === '') throw new UsageError('--baseline needs a run id');
    const flag = args.values['output-dir'];
    return withWorkspaceClient(args, io, {}, async (client) => {
      const { outputDir, runs: outcomes } = await client['export.runs']({
        targetId: target,
        since: sinceText,
        runIds: runIds.length > 0 ? runIds : undefined,
        baselineRunId: baseline,
        outputDir: typeof flag === 'string' ? resolve(io.cwd, flag) : undefined,
      });
      if (args.values.json) io.out(JSON.stringify({ outputDir, runs: outcomes }, null, 2));
      else if (outcomes.length === 0)
        io.out(
          `No complete run${target ? ` of ${target}` : ''}${since !== null ? ` since ${new Date(since).toISOString()}` : ''} to export.`,
        );
      for (const outcome of outcomes) {
        if (outcome.problems.length > 0) {
          io.err(`error: run ${outcome.runId} was not exported (its files would not be valid EEE):`);
          for (const problem of outcome.problems) io.err(`  ${problem}`);
        } else if (!args.values.json) {
          const samples = outcome.files.find((file) => file.kind === 'samples');
          const against =
            baseline === undefined
              ? ''
              : outcome.runId === baseline
                ? ' (the baseline: a run is not compared with itself, so no comparison)'
                : ` (compared with ${baseline})`;
          io.out(
            `${outcome.runId}: ${outcome.files[0]?.path}${samples ? ` + ${samples.rows} sample rows` : ''}${against}`,
          );
        }
      }
      const written = outcomes.filter((outcome) => outcome.problems.length === 0).length;
      if (!args.values.json && outcomes.length > 0)
        io.out(`Exported ${written} of ${plural(outcomes.length, 'run')} to ${outputDir}`);
      return written === outcomes.length ? EXIT.ok : EXIT.invalid;
    });
  },
};

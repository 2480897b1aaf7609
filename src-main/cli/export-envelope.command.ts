// `ai-eval export-envelope`: writes each complete run as an EEE 0.3.0 aggregate + samples file, validated before writing.
import { resolve } from 'node:path';
import { defaultOutputDir, exportDepsOf, exportRuns } from '../engine/export/export-runs';
import { parseSince } from '../engine/export/since';
import { COMMON_OPTIONS, EXIT, UsageError, type Command } from './command';
import { withWorkspaceClient } from './workspace-client';

export const exportEnvelopeCommand: Command = {
  name: 'export-envelope',
  summary: 'Export complete runs as Every Eval Ever 0.3.0 files (aggregate + samples), validated before writing',
  usage:
    'ai-eval export-envelope [--target ID] [--since WHEN] [--output-dir DIR] [--json]   (WHEN: 2026-03-01, epoch seconds, or -7d)',
  options: {
    ...COMMON_OPTIONS,
    target: { type: 'string', short: 't' },
    since: { type: 'string' },
    'output-dir': { type: 'string', short: 'o' },
    json: { type: 'boolean' },
  },
  async run(args, io) {
    const target = typeof args.values.target === 'string' ? args.values.target : null;
    let since: number | null = null;
    if (typeof args.values.since === 'string') {
      try {
        since = parseSince(args.values.since, Date.now());
      } catch (error) {
        throw new UsageError((error as Error).message, { cause: error });
      }
    }
    return withWorkspaceClient(args, io, {}, async (_client, app) => {
      const flag = args.values['output-dir'];
      const outputDir = typeof flag === 'string' ? resolve(io.cwd, flag) : defaultOutputDir(app.state.dir);
      const targets = app.state.workspace().config?.targets.map((t) => t.id);
      const outcomes = await exportRuns(exportDepsOf(app.state), { targetId: target, since }, outputDir);
      if (outcomes.length === 0 && target !== null && targets && !targets.includes(target)) {
        io.err(`error: unknown target "${target}" (targets: ${targets.join(', ') || 'none'})`);
        return EXIT.invalid;
      }
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
          io.out(`${outcome.runId}: ${outcome.files[0]?.path}${samples ? ` + ${samples.rows} sample rows` : ''}`);
        }
      }
      const written = outcomes.filter((outcome) => outcome.problems.length === 0).length;
      if (!args.values.json && outcomes.length > 0)
        io.out(`Exported ${written} of ${outcomes.length} run(s) to ${outputDir}`);
      return written === outcomes.length ? EXIT.ok : EXIT.invalid;
    });
  },
};

// `ai-eval compare RUN RUN…`: runs side by side with the paired statistics against the baseline and the rows where
// they disagree, as text, JSON or markdown.
import { filterRows, matrixMarkdown, NO_FILTER } from '../../src-shared/compare/matrix-view';
import type { MatrixCell, MatrixColumn, RunMatrix } from '../../src-shared/model';
import { JSON_OPTIONS, EXIT, UsageError, type CliIo, type Command } from './command';
import { intArg } from './judge-cli';
import { withWorkspaceClient } from './workspace-client';

const MAX_COLUMNS = 8;

const score = (value: number | null) => (value === null ? '   -' : value.toFixed(2));
const percent = (value: number) => `${Math.round(value * 100)}%`;

function columnLine(column: MatrixColumn, index: number): string {
  const passRate =
    column.passRate === null
      ? 'pass -'
      : `pass ${percent(column.passRate)}${column.passRateCi ? ` [${column.passRateCi.map(percent).join(', ')}]` : ''}`;
  const latency = column.latencyP50Ms === null ? '' : `  p50 ${Math.round(column.latencyP50Ms)} ms`;
  const cost = column.costUsd === null ? '' : `  $${column.costUsd.toFixed(4)}`;
  return `  ${index + 1}  ${column.label}  (${column.provider}/${column.model}, ${column.runId})  avg ${score(column.avgScore)}  ${passRate}${latency}${cost}`;
}

const cellText = (cell: MatrixCell | null) =>
  cell === null ? 'missing' : `${cell.passed ? '✓' : '✗'} ${score(cell.score)}`;

function printMatrix(io: CliIo, matrix: RunMatrix, baseline: number, showAll: boolean, limit: number): void {
  io.out(`columns (baseline: ${baseline + 1})`);
  matrix.columns.forEach((column, index) => io.out(columnLine(column, index)));
  io.out('');
  matrix.columns.forEach((column, index) => {
    if (column.vsBaseline === null) return;
    io.out(
      `${index + 1} vs ${baseline + 1}: ${column.vsBaseline.sentence} (McNemar p = ${column.vsBaseline.mcnemarP.toFixed(3)})`,
    );
  });
  const rows = showAll ? matrix.rows : filterRows(matrix, { ...NO_FILTER, disagreeOnly: true });
  io.out('');
  io.out(
    `${showAll ? 'rows' : 'rows where the columns disagree'}: ${rows.length} of ${matrix.rows.length}` +
      (rows.length > limit ? ` (the first ${limit}; --limit N for more)` : ''),
  );
  const width = Math.min(40, Math.max(8, ...rows.slice(0, limit).map((row) => row.questionId.length)));
  for (const row of rows.slice(0, limit))
    io.out(`  ${row.questionId.padEnd(width)}  ${row.cells.map(cellText).join('  |  ')}`);
}

export const compareCommand: Command = {
  name: 'compare',
  summary: 'Compare 2 to 8 runs question by question, with paired statistics against the baseline',
  usage: 'ai-eval compare RUN RUN… [--baseline N] [--all] [--limit N] [--json | --markdown] [--workspace DIR]',
  options: {
    ...JSON_OPTIONS,
    baseline: { type: 'string' },
    all: { type: 'boolean' },
    limit: { type: 'string', short: 'n' },
    markdown: { type: 'boolean' },
  },
  allowPositionals: true,
  async run(args, io) {
    const runIds = args.positionals;
    if (runIds.length < 2 || runIds.length > MAX_COLUMNS)
      throw new UsageError(`give 2 to ${MAX_COLUMNS} run ids, got ${runIds.length}`);
    if (args.values.json && args.values.markdown) throw new UsageError('--json and --markdown exclude each other');
    const baseline = intArg(args, 'baseline', 1, 1) - 1;
    if (baseline >= runIds.length) throw new UsageError(`--baseline must be 1 to ${runIds.length}`);
    const limit = intArg(args, 'limit', 50, 1);
    const showAll = args.values.all === true;
    return withWorkspaceClient(args, io, {}, async (client) => {
      const matrix = await client['runs.matrix']({ runIds, baseline });
      if (args.values.json) io.out(JSON.stringify(matrix, null, 2));
      else if (args.values.markdown) {
        const rows = showAll ? matrix.rows : filterRows(matrix, { ...NO_FILTER, disagreeOnly: true });
        io.out(matrixMarkdown(matrix, rows).trimEnd());
      } else printMatrix(io, matrix, baseline, showAll, limit);
      return EXIT.ok;
    });
  },
};

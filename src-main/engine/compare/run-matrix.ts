// Builds the comparison matrix of 2 to 8 stored runs: rows joined by question id, one cell per run with its repeats
// folded, and each column's header figures and paired statistics against the baseline column.
import type { MatrixCell, MatrixColumn, MatrixRow, RunMatrix } from '../../../src-shared/model';
import type { MatrixGraderScore, MatrixResult } from '../../store/repos/matrix.repo';
import type { RunRecord } from '../../store/repos/runs.repo';
import type { StoreApi } from '../../store/store';
import { quantile } from '../export/run-stats';
import { spreadOf } from '../optimizer/noise';
import { wilson } from '../scoring/wilson';
import { comparePaired, type BootstrapOptions, DEFAULT_BOOTSTRAP, type PairedQuestion } from './paired-stats';
import { RpcError } from '../../../src-shared/rpc/wire';

export const MATRIX_MIN_COLUMNS = 2;
export const MATRIX_MAX_COLUMNS = 8;

/** One run as the matrix reads it. */
export type MatrixSource = Readonly<{
  run: RunRecord;
  results: readonly MatrixResult[];
  graderScores: readonly MatrixGraderScore[];
}>;

/** A cell with the scores of its repeats, which the paired statistics need and the wire does not carry. */
type FoldedCell = Readonly<{ cell: MatrixCell; scores: readonly number[] }>;

export class MatrixRunNotFound extends RpcError {
  constructor(readonly runId: string) {
    super('not_found', `No run "${runId}" in this workspace.`);
    this.name = 'MatrixRunNotFound';
  }
}

const meanOf = (values: readonly number[]) =>
  values.length === 0 ? null : values.reduce((sum, value) => sum + value, 0) / values.length;

/** Folds the repeats of one question in one run into a cell. */
function foldCell(
  repeats: readonly MatrixResult[],
  gradersOf: ReadonlyMap<number, ReadonlyMap<string, number | null>>,
  graders: readonly string[],
): FoldedCell {
  const ordered = [...repeats].sort((a, b) => a.repeatIndex - b.repeatIndex);
  const first = ordered[0] as MatrixResult;
  const scores = ordered.flatMap((result) =>
    result.status === 'scored' && result.score !== null ? [result.score] : [],
  );
  const passes = ordered.filter((result) => result.passed === true).length;
  const status =
    scores.length > 0 ? 'scored' : ordered.every((r) => r.status === 'degraded') ? 'degraded' : first.status;
  const graderMeans = graders.map((graderId) =>
    meanOf(
      ordered.flatMap((result) => {
        const score = gradersOf.get(result.id)?.get(graderId);
        return score === undefined || score === null ? [] : [score];
      }),
    ),
  );
  return {
    scores,
    cell: {
      resultId: first.id,
      status,
      score: meanOf(scores),
      scoreSd: spreadOf(scores).sd,
      passed: passes * 2 > ordered.length,
      repeats: ordered.length,
      preview: first.preview,
      answerChars: first.answerChars,
      error: first.error,
      rating: first.rating,
      graders: graderMeans,
    },
  };
}

/** A column's header: what it ran and its figures over every result of the run. */
function columnOf(source: MatrixSource, cells: readonly (FoldedCell | undefined)[]): Omit<MatrixColumn, 'vsBaseline'> {
  const { run, results } = source;
  const scored = results.filter((result) => result.status === 'scored' && result.score !== null);
  const passed = scored.filter((result) => result.passed === true).length;
  const costs = results.flatMap((result) => (result.costUsd === null ? [] : [result.costUsd]));
  const latencies = results.flatMap((result) => (result.latencyMs === null ? [] : [result.latencyMs]));
  const verdict = run.verdict;
  return {
    runId: run.id,
    targetId: run.targetId,
    label: run.identity.promptVariant ?? `${run.targetId} · ${run.identity.model}`,
    provider: run.identity.provider.name,
    model: run.identity.model,
    systemPrompt: run.identity.systemPrompt,
    status: run.status,
    finishedAt: run.finishedAt,
    repeat: run.repeat,
    questions: cells.filter((cell) => cell !== undefined).length,
    avgScore: verdict?.avg_score ?? meanOf(scored.map((result) => result.score as number)),
    passRate: verdict?.pass_rate ?? (scored.length === 0 ? null : passed / scored.length),
    passRateCi: verdict?.pass_rate_ci ?? wilson(passed, scored.length),
    costUsd: costs.length === 0 ? null : costs.reduce((sum, cost) => sum + cost, 0),
    latencyP50Ms: quantile(latencies, 0.5) ?? null,
    ratings: {
      up: cells.filter((cell) => cell?.cell.rating === 'pass').length,
      down: cells.filter((cell) => cell?.cell.rating === 'fail').length,
    },
  };
}

/** The matrix of `sources` with column `baseline` as the reference of every paired comparison. */
export function buildMatrix(
  sources: readonly MatrixSource[],
  options: Readonly<{
    baseline: number;
    tagsOf: (questionId: string) => readonly string[];
    bootstrap?: BootstrapOptions;
  }>,
): RunMatrix {
  const graders = [...new Set(sources.flatMap((source) => source.run.identity.graders))];
  const questionIds = [...new Set(sources.flatMap((source) => source.results.map((result) => result.questionId)))];
  const folded = sources.map((source) => {
    const gradersOf = new Map<number, Map<string, number | null>>();
    for (const score of source.graderScores) {
      const ofResult = gradersOf.get(score.resultId) ?? new Map<string, number | null>();
      ofResult.set(score.graderId, score.score0to5);
      gradersOf.set(score.resultId, ofResult);
    }
    const byQuestion = new Map<string, MatrixResult[]>();
    for (const result of source.results) {
      const repeats = byQuestion.get(result.questionId);
      if (repeats) repeats.push(result);
      else byQuestion.set(result.questionId, [result]);
    }
    return new Map(
      [...byQuestion].map(([questionId, repeats]) => [questionId, foldCell(repeats, gradersOf, graders)] as const),
    );
  });
  const base = folded[options.baseline] ?? new Map<string, FoldedCell>();
  const columns = sources.map((source, index): MatrixColumn => {
    const cells = questionIds.map((id) => folded[index]?.get(id));
    const header = columnOf(source, cells);
    if (index === options.baseline) return { ...header, vsBaseline: null };
    const pairs: PairedQuestion[] = questionIds.flatMap((id) => {
      const a = base.get(id);
      const b = folded[index]?.get(id);
      if (!a || !b || a.scores.length === 0 || b.scores.length === 0) return [];
      return [{ a: a.scores, b: b.scores, passedA: a.cell.passed, passedB: b.cell.passed }];
    });
    return { ...header, vsBaseline: comparePaired(header.label, pairs, options.bootstrap ?? DEFAULT_BOOTSTRAP) };
  });
  const rows: MatrixRow[] = questionIds.map((questionId) => ({
    questionId,
    tags: [...options.tagsOf(questionId)],
    cells: folded.map((cells) => cells.get(questionId)?.cell ?? null),
  }));
  const threshold = sources[options.baseline]?.run.identity.questionPassThreshold ?? 0;
  return { columns, graders, rows, questionPassThreshold: threshold };
}

/** Reads the runs from the store and builds their matrix; an unknown run id throws MatrixRunNotFound. */
export async function loadRunMatrix(
  db: StoreApi,
  runIds: readonly string[],
  baseline: number,
  tagsOf: (run: RunRecord) => (questionId: string) => readonly string[],
): Promise<RunMatrix> {
  const sources = await Promise.all(
    runIds.map(async (runId): Promise<MatrixSource> => {
      const run = await db.runs.get(runId);
      if (!run) throw new MatrixRunNotFound(runId);
      const [results, graderScores] = await Promise.all([db.matrix.results(runId), db.matrix.graderScores(runId)]);
      return { run, results, graderScores };
    }),
  );
  const baseRun = sources[baseline]?.run;
  return buildMatrix(sources, { baseline, tagsOf: baseRun ? tagsOf(baseRun) : () => [] });
}

// Builds the comparison matrix of 2 to 8 stored runs: rows joined by question id, one cell per run with its repeats
// folded, and each column's header figures and paired statistics against the baseline column.
import { ratingCounts, withStatistics } from '../../../src-shared/compare/matrix-view';
import { preferenceOf } from '../../../src-shared/model/preference';
import type { MatrixCell, MatrixColumn, MatrixRow, RunMatrix } from '../../../src-shared/model';
import type { MatrixGraderScore, MatrixResult } from '../../store/repos/matrix.repo';
import type { RunRecord } from '../../store/repos/runs.repo';
import type { StoreApi } from '../../store/store';
import { quantile } from '../stats/quantile';
import { spreadOf } from '../stats/spread';
import { wilson } from '../stats/wilson';
import {
  comparePaired,
  type BootstrapOptions,
  DEFAULT_BOOTSTRAP,
  type PairedComparison,
  type PairedQuestion,
} from './paired-stats';
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
type FoldedCell = Readonly<{ cell: MatrixCell; scores: readonly number[]; labelTags: readonly string[] }>;

export class MatrixRunNotFound extends RpcError {
  constructor(readonly runId: string) {
    super('not_found', `No run "${runId}" in this workspace.`);
    this.name = 'MatrixRunNotFound';
  }
}

const meanOf = (values: readonly number[]) =>
  values.length === 0 ? null : values.reduce((sum, value) => sum + value, 0) / values.length;

/** Each result's grader scores, in the order of the matrix's graders (undefined: that grader did not score it). */
type GraderScoresOf = ReadonlyMap<number, readonly (number | null | undefined)[]>;

/** Folds the repeats of one question in one run into a cell. */
function foldCell(repeats: readonly MatrixResult[], gradersOf: GraderScoresOf, graderCount: number): FoldedCell {
  const ordered = repeats.length === 1 ? repeats : [...repeats].sort((a, b) => a.repeatIndex - b.repeatIndex);
  const first = ordered[0] as MatrixResult;
  const scores: number[] = [];
  let passes = 0;
  for (const result of ordered) {
    if (result.status === 'scored' && result.score !== null) scores.push(result.score);
    if (result.passed === true) passes += 1;
  }
  const status =
    scores.length > 0 ? 'scored' : ordered.every((r) => r.status === 'degraded') ? 'degraded' : first.status;
  const graderMeans: (number | null)[] = [];
  for (let grader = 0; grader < graderCount; grader++) {
    let sum = 0;
    let n = 0;
    for (const result of ordered) {
      const score = gradersOf.get(result.id)?.[grader];
      if (score === undefined || score === null) continue;
      sum += score;
      n += 1;
    }
    graderMeans.push(n === 0 ? null : sum / n);
  }
  return {
    scores,
    labelTags: first.labelTags,
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
      preference: null,
      graders: graderMeans,
    },
  };
}

/**
 * What tells each column apart: its prompt variant (or experiment), else the target with its model; two runs that would
 * read the same (two runs of one target and model, ticked in Results) are told apart by their run ids.
 */
function labelsOf(sources: readonly MatrixSource[]): string[] {
  const base = sources.map(({ run }) => run.identity.promptVariant ?? `${run.targetId} · ${run.identity.model}`);
  return base.map((label, index) =>
    base.indexOf(label) === base.lastIndexOf(label) ? label : `${label} · run ${sources[index]!.run.id}`,
  );
}

/** A column's header: what it ran and its figures over every result of the run. */
function columnOf(
  source: MatrixSource,
  label: string,
  cells: readonly (FoldedCell | undefined)[],
): Omit<MatrixColumn, 'vsBaseline'> {
  const { run, results } = source;
  let scored = 0;
  let scoreSum = 0;
  let passed = 0;
  let cost: number | null = null;
  const latencies: number[] = [];
  for (const result of results) {
    if (result.status === 'scored' && result.score !== null) {
      scored += 1;
      scoreSum += result.score;
      if (result.passed === true) passed += 1;
    }
    if (result.costUsd !== null) cost = (cost ?? 0) + result.costUsd;
    if (result.latencyMs !== null) latencies.push(result.latencyMs);
  }
  const verdict = run.verdict;
  return {
    runId: run.id,
    targetId: run.targetId,
    label,
    provider: run.identity.provider.name,
    model: run.identity.model,
    systemPrompt: run.identity.systemPrompt,
    status: run.status,
    finishedAt: run.finishedAt,
    repeat: run.repeat,
    questions: cells.filter((cell) => cell !== undefined).length,
    avgScore: verdict?.avg_score ?? (scored === 0 ? null : scoreSum / scored),
    passRate: verdict?.pass_rate ?? (scored === 0 ? null : passed / scored),
    passRateCi: verdict?.pass_rate_ci ?? wilson(passed, scored),
    costUsd: cost,
    latencyP50Ms: quantile(latencies, 0.5) ?? null,
    ratings: ratingCounts(cells.map((cell) => cell?.cell)),
  };
}

/** Each source's cells by question id, with its repeats folded. */
function foldSources(sources: readonly MatrixSource[], graders: readonly string[]): Map<string, FoldedCell>[] {
  const graderIndex = new Map(graders.map((graderId, index) => [graderId, index]));
  return sources.map((source) => {
    const gradersOf = new Map<number, (number | null | undefined)[]>();
    for (const score of source.graderScores) {
      const index = graderIndex.get(score.graderId);
      if (index === undefined) continue;
      let ofResult = gradersOf.get(score.resultId);
      if (!ofResult) {
        ofResult = new Array<number | null | undefined>(graders.length);
        gradersOf.set(score.resultId, ofResult);
      }
      ofResult[index] = score.score0to5;
    }
    const byQuestion = new Map<string, MatrixResult[]>();
    for (const result of source.results) {
      const repeats = byQuestion.get(result.questionId);
      if (repeats) repeats.push(result);
      else byQuestion.set(result.questionId, [result]);
    }
    const cells = new Map<string, FoldedCell>();
    for (const [questionId, repeats] of byQuestion) cells.set(questionId, foldCell(repeats, gradersOf, graders.length));
    return cells;
  });
}

/** Each cell outside the baseline with the preference its label records over the baseline's cell of its row. */
function withPreferences(folded: Map<string, FoldedCell>[], baseline: number): Map<string, FoldedCell>[] {
  const base = folded[baseline];
  return folded.map((cells, index) => {
    if (index === baseline || !base) return cells;
    // Most cells carry no label tags, so no preference: a column is copied only when one of its cells has some.
    let withPreference: Map<string, FoldedCell> | undefined;
    for (const [questionId, cell] of cells) {
      if (cell.labelTags.length === 0) continue;
      const baseCell = base.get(questionId);
      const preference = baseCell ? preferenceOf(cell.labelTags, baseCell.cell.resultId) : null;
      withPreference ??= new Map(cells);
      withPreference.set(questionId, { ...cell, cell: { ...cell.cell, preference } });
    }
    return withPreference ?? cells;
  });
}

const gradersOf = (sources: readonly MatrixSource[]) => [
  ...new Set(sources.flatMap((source) => source.run.identity.graders)),
];
const questionIdsOf = (sources: readonly MatrixSource[]) => [
  ...new Set(sources.flatMap((source) => source.results.map((result) => result.questionId))),
];

/** The questions both the baseline and column `index` scored, as the paired statistics read them. */
function pairsOf(
  folded: readonly Map<string, FoldedCell>[],
  questionIds: readonly string[],
  baseline: number,
  index: number,
): PairedQuestion[] {
  return questionIds.flatMap((id) => {
    const a = folded[baseline]?.get(id);
    const b = folded[index]?.get(id);
    if (!a || !b || a.scores.length === 0 || b.scores.length === 0) return [];
    return [{ a: a.scores, b: b.scores, passedA: a.cell.passed, passedB: b.cell.passed }];
  });
}

/**
 * The matrix of `sources` with column `baseline` as the reference. Its columns carry no paired statistics
 * (`statistics: false`): the bootstrap is most of the cost, so the screen shows the rows first and asks
 * `matrixStatistics` after.
 */
export function buildMatrix(
  sources: readonly MatrixSource[],
  options: Readonly<{ baseline: number; tagsOf: (questionId: string) => readonly string[] }>,
): RunMatrix {
  const graders = gradersOf(sources);
  const questionIds = questionIdsOf(sources);
  const folded = withPreferences(foldSources(sources, graders), options.baseline);
  const labels = labelsOf(sources);
  const columns = sources.map((source, index): MatrixColumn => ({
    ...columnOf(
      source,
      labels[index]!,
      questionIds.map((id) => folded[index]?.get(id)),
    ),
    vsBaseline: null,
  }));
  const rows: MatrixRow[] = questionIds.map((questionId) => ({
    questionId,
    tags: [...options.tagsOf(questionId)],
    cells: folded.map((cells) => cells.get(questionId)?.cell ?? null),
  }));
  const threshold = sources[options.baseline]?.run.identity.questionPassThreshold ?? 0;
  return { columns, graders, rows, questionPassThreshold: threshold, baseline: options.baseline, statistics: false };
}

/**
 * Each column's paired comparison with the baseline (null for the baseline itself). Columns are computed one at a
 * time with a turn of the event loop between them, so a service answers other calls while a large matrix's
 * bootstraps run.
 */
export async function matrixStatistics(
  sources: readonly MatrixSource[],
  baseline: number,
  bootstrap: BootstrapOptions = DEFAULT_BOOTSTRAP,
): Promise<(PairedComparison | null)[]> {
  const folded = foldSources(sources, gradersOf(sources));
  const questionIds = questionIdsOf(sources);
  const labels = labelsOf(sources);
  const comparisons: (PairedComparison | null)[] = [];
  for (const [index, label] of labels.entries()) {
    if (index === baseline) {
      comparisons.push(null);
      continue;
    }
    await new Promise((resolve) => setImmediate(resolve));
    comparisons.push(comparePaired(label, pairsOf(folded, questionIds, baseline, index), bootstrap));
  }
  return comparisons;
}

/** The matrix with its statistics: what `ai-eval compare` and the exports print. */
export async function withMatrixStatistics(
  matrix: RunMatrix,
  sources: readonly MatrixSource[],
  bootstrap?: BootstrapOptions,
): Promise<RunMatrix> {
  return withStatistics(matrix, await matrixStatistics(sources, matrix.baseline, bootstrap));
}

/** Reads the runs from the store; an unknown run id throws MatrixRunNotFound. */
export async function loadMatrixSources(db: StoreApi, runIds: readonly string[]): Promise<MatrixSource[]> {
  return Promise.all(
    runIds.map(async (runId): Promise<MatrixSource> => {
      const run = await db.runs.get(runId);
      if (!run) throw new MatrixRunNotFound(runId);
      const [results, graderScores] = await Promise.all([db.matrix.results(runId), db.matrix.graderScores(runId)]);
      return { run, results, graderScores };
    }),
  );
}

// Family "history": the size of the regressed/fixed call per question, the false-discovery rate of BH over the
// questions, the size of the tags' move, and the size of the flakiness test, with 1-10 repeats a run, independent or
// run-correlated.
import { DEFAULT_HISTORY_SETTINGS } from '../../src-shared/model';
import type { HistoryInput } from '../../src-main/engine/history/history-input';
import { questionCounts } from '../../src-main/engine/history/question-history';
import { targetHistory } from '../../src-main/engine/history/target-history';
import { homogeneityTest } from '../../src-main/engine/stats/permutation';
import { questionRate, repeats, rngOf, type Random } from './sim-data';
import type { Row } from './table';

const RUNS = 30;
const RECENT = 5;
const QUESTIONS = 40;
const TAGS = 8;
const SETTINGS = { ...DEFAULT_HISTORY_SETTINGS, window: RUNS, recent: RECENT };

/** passes[q][r], trials[q][r]: each question's passes out of its repeats in each run, oldest run first. */
export type Counts = Readonly<{ passes: number[][]; trials: number[][] }>;

/** A target's history as the store hands it to the analysis: the counts, one text version per question, its tag. */
function historyInput({ passes, trials }: Counts): HistoryInput {
  const questionIds = passes.map((_, q) => `q${q}`);
  const cells = questionIds.length * RUNS;
  const matrix = {
    questionIds,
    runs: RUNS,
    passes: new Int16Array(cells),
    scored: new Int16Array(cells),
    degraded: new Int16Array(cells),
    versionIds: new Int32Array(cells),
  };
  passes.forEach((row, q) =>
    row.forEach((k, r) => {
      matrix.passes[q * RUNS + r] = k;
      matrix.scored[q * RUNS + r] = trials[q]![r]!;
      matrix.versionIds[q * RUNS + r] = q + 1;
    }),
  );
  const versions = new Map(
    questionIds.map((id, q) => [q + 1, { id: q + 1, questionId: id, textSha256: `t${q}`, tags: [`tag${q % TAGS}`] }]),
  );
  const runs = Array.from({ length: RUNS }, (_, r) => ({
    id: `r${r}`,
    createdAt: r,
    provider: 'p',
    model: 'm',
    systemPromptSha256: 's',
    datasetVersion: '1',
    repeat: trials[0]![r]!,
  }));
  return { targetId: 't', runs, matrix, versions, settings: SETTINGS, quarantine: new Set() };
}

/** Which questions and tags the product calls changed (regressed or fixed; tags moved up or down). */
export function measureHistory(counts: Counts) {
  const input = historyInput(counts);
  const history = targetHistory(input);
  const changed = new Set(
    history.questions
      .filter((q) => q.state === 'regressed' || q.state === 'fixed')
      .map((q) => Number(q.questionId.slice(1))),
  );
  // One unchanged question's own test, before the adjustment over questions: the test's size.
  const pValue = questionCounts(input, QUESTIONS - 1).pValue;
  return { changed, tagsMoved: history.tags.filter((t) => t.moved !== null).length, pValue };
}

/** The flakiness test's p-value of one question's runs (null: not tested). */
export const measureFlakyP = (runs: readonly Readonly<{ passes: number; trials: number }>[]): number | null =>
  homogeneityTest(runs);

export type HistoryCell = Readonly<{ repeat: number; locked: number }>;

export const historyCells = (full: boolean): HistoryCell[] =>
  full
    ? [1, 3, 5, 10].flatMap((repeat) => (repeat === 1 ? [0] : [0, 0.6]).map((locked) => ({ repeat, locked })))
    : [{ repeat: 10, locked: 0.6 }];

const correlation = (locked: number) => (locked === 0 ? 'independent repeats' : `run-correlated repeats (${locked})`);

/** Counts for every question; `drop(q)` gives question q's recent-window rate from its baseline rate. */
function drawCounts(cell: HistoryCell, random: Random, recentRate: (q: number, p: number) => number): Counts {
  const passes: number[][] = [];
  const trials: number[][] = [];
  for (let q = 0; q < QUESTIONS; q += 1) {
    const p = questionRate(0.8, random);
    passes.push([]);
    trials.push([]);
    for (let r = 0; r < RUNS; r += 1) {
      const rate = r >= RUNS - RECENT ? recentRate(q, p) : p;
      passes[q]!.push(repeats(rate, cell.repeat, cell.locked, random).filter(Boolean).length);
      trials[q]!.push(cell.repeat);
    }
  }
  return { passes, trials };
}

const REGRESSED = 4; // questions 0..3 regress in the FDR cell

export function runHistoryCell(cell: HistoryCell, replicates: number, seed: number): Row[] {
  const random = rngOf(seed);
  let falseCalls = 0;
  let rejected = 0;
  let tagMoves = 0;
  let fdr = 0;
  let found = 0;
  for (let r = 0; r < replicates; r += 1) {
    const none = measureHistory(drawCounts(cell, random, (_q, p) => p));
    falseCalls += none.changed.size;
    if (none.pValue !== null && none.pValue <= 0.05) rejected += 1;
    tagMoves += none.tagsMoved;
    const some = measureHistory(drawCounts(cell, random, (q, p) => (q < REGRESSED ? Math.max(0, p - 0.4) : p)));
    const falseFound = [...some.changed].filter((q) => q >= REGRESSED).length;
    fdr += some.changed.size === 0 ? 0 : falseFound / some.changed.size;
    found += some.changed.size - falseFound;
  }
  const name = `${RUNS} runs (last ${RECENT} recent) × ${cell.repeat} repeats, ${correlation(cell.locked)}`;
  const base = { family: 'history', cell: name, replicates };
  return [
    {
      ...base,
      figure: 'regressed/fixed per unchanged question (size)',
      value: falseCalls / (replicates * QUESTIONS),
      target: { kind: 'size', alpha: 0.05 },
    },
    {
      ...base,
      figure: "one unchanged question's two-window test at 5% (size)",
      value: rejected / replicates,
      target: { kind: 'size', alpha: 0.05 },
    },
    {
      ...base,
      figure: 'BH false-discovery rate (4 of 40 drop by 0.4)',
      value: fdr / replicates,
      target: { kind: 'fdr', alpha: 0.05 },
    },
    {
      ...base,
      figure: 'power: share of the 4 drops found',
      value: found / (replicates * REGRESSED),
      target: { kind: 'info' },
    },
    {
      ...base,
      figure: 'tag moved, nothing changed (size)',
      value: tagMoves / (replicates * TAGS),
      target: { kind: 'size', alpha: 0.05 },
    },
  ];
}

/** The flakiness test's size when the repeats are independent and the runs do not differ. */
export function runFlakyCell(repeat: number, replicates: number, seed: number): Row[] {
  const random = rngOf(seed);
  let tested = 0;
  let rejected = 0;
  for (let r = 0; r < replicates; r += 1) {
    const p = questionRate(0.7, random);
    const runs = Array.from({ length: RUNS }, () => ({
      passes: repeats(p, repeat, 0, random).filter(Boolean).length,
      trials: repeat,
    }));
    const pValue = measureFlakyP(runs);
    if (pValue === null) continue;
    tested += 1;
    if (pValue <= 0.05) rejected += 1;
  }
  return [
    {
      family: 'flakiness test',
      cell: `${RUNS} runs × ${repeat} independent repeats, runs alike`,
      figure: 'size at 5%',
      value: rejected / Math.max(1, tested),
      target: { kind: 'size', alpha: 0.05 },
      replicates,
      refused: replicates - tested,
    },
  ];
}

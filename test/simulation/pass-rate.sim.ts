// Family "pass rate": the verdict's pass rate and its 95% interval over questions × repeats (independent or
// run-correlated repeats), and the gate's pass rate when repeats stop early (--repeat 10 --adaptive).
import { computeVerdict } from '../../src-main/engine/scoring/verdict';
import { settledVerdict, type AdaptiveRule } from '../../src-main/engine/scoring/adaptive-repeats';
import { adaptiveFigures } from '../../src-main/engine/run/run-verdict';
import { binomialAtLeast } from '../../src-main/engine/stats/binomial';
import { betaDraw } from '../../src-main/engine/stats/random';
import { questionRate, repeats, rngOf, type Random } from './sim-data';
import { coverageRow, type Row } from './table';

/** One question's scored repeats in the run: how many, and how many passed. */
export type QuestionRepeats = Readonly<{ trials: number; passes: number }>;

const GATE = { metric: 'pass_rate', threshold: 0.8, type: 'soft' } as const;

/** The verdict's pass rate and interval over the run's questions (each a list of its repeats' outcomes). */
export function measurePassRate(questions: readonly QuestionRepeats[]) {
  const passed = questions.reduce((s, q) => s + q.passes, 0);
  const scored = questions.reduce((s, q) => s + q.trials, 0);
  const tally = { scored, unscored: 0, degraded: 0, passed, errors: 0, scoreSum: passed * 5 };
  const verdict = computeVerdict({ tally, total: scored, gate: GATE, questionPassThreshold: 3.5, clusters: questions });
  return { rate: verdict.pass_rate, ci: verdict.pass_rate_ci };
}

/** The gate's pass rate of an adaptive run (each question stopped when settled), as the stored verdict computes it. */
export function measureAdaptiveGate(questions: readonly QuestionRepeats[], rule: AdaptiveRule) {
  const rows = questions.map((q, i) => ({ questionId: `q${i}`, ...q, scoreSum: 0 }));
  const scored = questions.reduce((s, q) => s + q.trials, 0);
  const passed = questions.reduce((s, q) => s + q.passes, 0);
  const tally = { scored, unscored: 0, degraded: 0, passed, errors: 0, scoreSum: 0 };
  const figures = adaptiveFigures(
    questions.length * rule.repeat,
    { all: tally, quarantine: undefined },
    rows,
    [],
    rule,
  );
  const verdict = computeVerdict({
    tally,
    total: figures.total,
    gate: GATE,
    questionPassThreshold: 3.5,
    perQuestion: figures.perQuestion,
  });
  return { rate: verdict.pass_rate! };
}

export type PassRateCell = Readonly<{ repeat: number; locked: number }>;
const QUESTIONS = 50;
const MEAN = 0.8;

export const passRateCells = (full: boolean): PassRateCell[] =>
  full
    ? [1, 3, 5, 10].flatMap((repeat) => (repeat === 1 ? [0] : [0, 0.6]).map((locked) => ({ repeat, locked })))
    : [
        { repeat: 5, locked: 0.6 },
        { repeat: 10, locked: 0.6 },
      ];

const correlation = (locked: number) => (locked === 0 ? 'independent repeats' : `run-correlated repeats (${locked})`);

export function runPassRateCell(cell: PassRateCell, replicates: number, seed: number): Row[] {
  const random = rngOf(seed);
  const name = `${QUESTIONS} questions × ${cell.repeat} repeats, ${correlation(cell.locked)}`;
  return [
    coverageRow({ family: 'pass rate', cell: name, figure: '95% coverage' }, MEAN, replicates, () => {
      const questions = Array.from({ length: QUESTIONS }, () => {
        const outcomes = repeats(questionRate(MEAN, random), cell.repeat, cell.locked, random);
        return { trials: cell.repeat, passes: outcomes.filter(Boolean).length };
      });
      return measurePassRate(questions).ci;
    }),
  ];
}

/** One question asked adaptively: repeats until its verdict is settled or N are asked. */
function adaptiveQuestion(p: number, rule: AdaptiveRule, locked: number, random: Random): QuestionRepeats {
  const outcomes = repeats(p, rule.repeat, locked, random);
  let passes = 0;
  for (let n = 1; n <= rule.repeat; n += 1) {
    passes += outcomes[n - 1] ? 1 : 0;
    if (n < rule.repeat && settledVerdict(passes, n, rule)) return { trials: n, passes };
  }
  return { trials: rule.repeat, passes };
}

export function runAdaptiveCell(locked: number, replicates: number, seed: number): Row[] {
  const random = rngOf(seed);
  const rule: AdaptiveRule = { repeat: 10, minRepeats: 3, confidence: 0.95 };
  let bias = 0;
  for (let r = 0; r < replicates; r += 1) {
    const rates = Array.from({ length: QUESTIONS }, () => betaDraw(2.8, 1.2, random));
    const questions = rates.map((p) => adaptiveQuestion(p, rule, locked, random));
    // What the gate estimates: the share of questions whose verdict over all 10 repeats passes (more than 5 pass); a
    // run whose repeats are locked together passes them all or none.
    const fullPass = (p: number) => locked * p + (1 - locked) * binomialAtLeast(6, rule.repeat, p);
    const target = rates.reduce((s, p) => s + fullPass(p), 0) / QUESTIONS;
    bias += measureAdaptiveGate(questions, rule).rate - target;
  }
  return [
    {
      family: 'adaptive repeats',
      cell: `${QUESTIONS} questions, --repeat 10 --adaptive, ${correlation(locked)}`,
      figure: "gate's pass rate bias (vs the share of questions passing all 10 repeats' verdict)",
      value: bias / replicates,
      target: { kind: 'bias', tolerance: 0.01 },
      replicates,
    },
  ];
}

// A run this app exported comes back only as its samples recompute it: the samples file must be there, the stated total
// must be what the rows make, and the verdict is computed from the rows under the file's gate, as the run computed it;
// any figure the file states that the rows do not give refuses the file. The stored verdict is always the recomputed one.
import type { RunIdentity, Verdict } from '../../../../src-shared/model';
import type { NewQuestionResult, QuestionPasses } from '../../../store/repos/results.repo';
import { adaptiveFigures, gateClusters } from '../../run/run-verdict';
import { judgePasses } from '../../trust/judge-stats';
import { adaptiveRuleOf } from '../../scoring/adaptive-repeats';
import { averageScore } from '../../scoring/tally';
import { computeVerdict } from '../../scoring/verdict';
import { wholeRun } from './build-results';
import { tallyOf } from './import-verdict';

export type Recomputed =
  Readonly<{ ok: true; verdict: Verdict; total: number }> | Readonly<{ ok: false; problems: string[] }>;

export type RecomputeInput = Readonly<{
  identity: RunIdentity;
  /** What the file states: its verdict, and the run's total (questions × repeats planned). */
  stated: Verdict;
  statedTotal: number | undefined;
  results: readonly NewQuestionResult[];
}>;

/** Our own corrected pass rate needs the judge's labels, which no envelope carries: never recomputed, never a pass. */
export const CORRECTED_NOT_RECOMPUTED =
  'corrected_pass_rate not recomputed: an imported file carries no judge labels; `ai-eval merge` in the workspace whose store holds them gates on it';

/** Each question's scored repeats: how many, how many passed, their score sum (what an adaptive verdict weighs). */
function questionPasses(results: readonly NewQuestionResult[]): QuestionPasses[] {
  const byQuestion = new Map<string, { questionId: string; trials: number; passes: number; scoreSum: number }>();
  for (const result of results) {
    if (result.status !== 'scored') continue;
    const row = byQuestion.get(result.questionId) ?? {
      questionId: result.questionId,
      trials: 0,
      passes: 0,
      scoreSum: 0,
    };
    row.trials += 1;
    if (result.passed === true) row.passes += 1;
    row.scoreSum += result.score ?? 0;
    byQuestion.set(result.questionId, row);
  }
  return [...byQuestion.values()];
}

/** The verdict the run engine would have computed over these results under the run's gate. */
export function verdictOfResults(
  identity: RunIdentity,
  results: readonly NewQuestionResult[],
  quarantined: readonly string[],
): Verdict {
  const left = new Set(quarantined);
  const all = tallyOf(results);
  const quarantinedResults = results.filter((result) => left.has(result.questionId));
  const tallies = { all, quarantine: quarantined.length > 0 ? tallyOf(quarantinedResults) : undefined };
  const rule = adaptiveRuleOf(identity.selection);
  const planned = new Set(results.map((result) => result.questionId)).size * identity.selection.repeat;
  const rows = questionPasses(results);
  const adaptive = rule ? adaptiveFigures(planned, tallies, rows, quarantined, rule) : undefined;
  const { metric, threshold, type, bound } = identity.gate;
  const verdict = computeVerdict({
    tally: all,
    total: results.length,
    gate: { metric, threshold, type, ...(bound ? { bound } : {}) },
    questionPassThreshold: identity.questionPassThreshold,
    corrected: null,
    quarantine: tallies.quarantine
      ? {
          ids: quarantined,
          total: adaptive?.quarantineTotal ?? quarantinedResults.length,
          tally: tallies.quarantine,
        }
      : undefined,
    perQuestion: adaptive?.perQuestion,
    clusters: gateClusters(rows, quarantined),
  });
  const reason = adaptive ? `${verdict.reason}; ${adaptive.note}` : verdict.reason;
  return { ...verdict, reason, ...(adaptive ? { adaptive: adaptive.report } : {}) };
}

const close = (a: number | null, b: number | null) =>
  a === null || b === null ? a === b : Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));

const shown = (value: unknown) => JSON.stringify(value);

/** Every figure of the stated verdict the recomputed one does not give, named with both values. */
function disagreements(stated: Verdict, recomputed: Verdict, corrected: boolean): string[] {
  const pairs: [string, unknown, unknown, boolean][] = [
    ['avg_score', stated.avg_score, recomputed.avg_score, close(stated.avg_score, recomputed.avg_score)],
    ['pass_rate', stated.pass_rate, recomputed.pass_rate, close(stated.pass_rate, recomputed.pass_rate)],
    [
      'pass_rate_ci',
      stated.pass_rate_ci,
      recomputed.pass_rate_ci,
      stated.pass_rate_ci === null || recomputed.pass_rate_ci === null
        ? stated.pass_rate_ci === recomputed.pass_rate_ci
        : close(stated.pass_rate_ci[0], recomputed.pass_rate_ci[0]) &&
          close(stated.pass_rate_ci[1], recomputed.pass_rate_ci[1]),
    ],
    ['coverage', stated.coverage, recomputed.coverage, close(stated.coverage, recomputed.coverage)],
    ['counts', stated.counts, recomputed.counts, shown(stated.counts) === shown(recomputed.counts)],
  ];
  // A gate on the corrected pass rate cannot be recomputed (it needs the labels): its verdict is not compared.
  if (!corrected) {
    pairs.push(['gate verdict', stated.passed, recomputed.passed, stated.passed === recomputed.passed]);
    pairs.push(['gate reason', stated.reason, recomputed.reason, stated.reason === recomputed.reason]);
  }
  return pairs
    .filter(([, , , same]) => !same)
    .map(([name, a, b]) => `the file states ${name} ${shown(a)}, its samples recompute ${shown(b)}`);
}

/** The deciding judge's verdicts in the rows: the corrected pass rate's observed figures must be these. */
function correctedProblems(stated: Verdict, identity: RunIdentity, results: readonly NewQuestionResult[]): string[] {
  const corrected = stated.corrected_pass_rate;
  if (!corrected) return [];
  let n = 0;
  let passed = 0;
  for (const result of results)
    for (const grader of result.graders)
      if (grader.graderId === corrected.grader && grader.status === 'scored' && grader.score !== null) {
        n += 1;
        if (judgePasses(grader.score, grader, identity.questionPassThreshold)) passed += 1;
      }
  return n === corrected.n && passed === corrected.passed
    ? []
    : [
        `the file's corrected pass rate observes ${corrected.passed} of ${corrected.n} passed by ${corrected.grader}, its samples ${passed} of ${n}`,
      ];
}

/** The total the rows make: every (question, repeat) once; an adaptive run planned every repeat of its questions. */
function expectedTotal(identity: RunIdentity, results: readonly NewQuestionResult[]): number {
  if (!identity.selection.adaptive) return results.length;
  return new Set(results.map((result) => result.questionId)).size * identity.selection.repeat;
}

export function recomputeOwnRun(input: RecomputeInput): Recomputed {
  const { identity, stated, results } = input;
  const total = expectedTotal(identity, results);
  const problems: string[] = [];
  if (input.statedTotal !== total)
    problems.push(
      `the file states a total of ${input.statedTotal ?? '(none)'} questions × repeats, its samples hold ${total}`,
    );
  const recomputed = verdictOfResults(identity, results, stated.quarantined ?? []);
  const corrected = identity.gate.metric === 'corrected_pass_rate';
  // The file states the composite and pass rate over every question, a quarantine's too (only the gate leaves it out).
  const comparable = wholeRun(recomputed, averageScore(tallyOf(results)));
  problems.push(...disagreements(stated, comparable, corrected), ...correctedProblems(stated, identity, results));
  if (problems.length > 0) return { ok: false, problems };
  // The advisory parts (each judge's trust when the run completed, the corrected estimate) need labels this store may
  // not hold: they are kept as the file states them, their observed counts checked above; the gate is recomputed.
  const verdict: Verdict = {
    ...recomputed,
    judges: stated.judges,
    corrected_pass_rate: stated.corrected_pass_rate,
    ...(corrected ? { passed: false, reason: CORRECTED_NOT_RECOMPUTED } : {}),
  };
  return { ok: true, verdict, total };
}

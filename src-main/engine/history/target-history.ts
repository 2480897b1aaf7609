// A target's history in words: which questions regressed, were fixed or are flaky since the recent window began,
// and which tags moved; every test named in `method`.
import type { QuestionHistory, QuestionState, TargetHistory } from '../../../src-shared/model';
import { benjaminiHochberg } from '../stats/false-discovery';
import { recentStart, type HistoryInput } from './history-input';
import { judgeQuestion, questionCounts } from './question-history';
import { tagHistories } from './tag-history';
import { plural } from '../../../src-shared/text/plural';

/** The order questions are listed in: what needs a look first. */
const STATE_ORDER: readonly QuestionState[] = ['regressed', 'flaky', 'fixed', 'insufficient', 'steady'];

export function historyMethod(input: HistoryInput): string {
  const { recent, alpha, minRuns, flakyFloor, minDrop } = input.settings;
  const points = Math.round(minDrop * 100);
  return (
    `Regressed / fixed: the run is the unit (its repeats share its causes, so they are not independent trials). A ` +
    `question's pass rate in a run is its share of passing repeats; the exact two-sided permutation test asks whether ` +
    `the last ${recent} runs' mean share differs from the earlier runs' more than picking ${recent} runs at random ` +
    `would; Benjamini-Hochberg over the questions tested at a false discovery rate of ${alpha}. Regressed when the ` +
    `pass rate dropped by at least ${points} points (the smallest drop worth reporting, --min-drop), fixed when it ` +
    `rose as much. The false-discovery rate holds for one look: a check run on every commit looks again each time, ` +
    `so over many looks some flags are noise; confirm a regression over the next runs before acting on it. Flaky: in ` +
    `at least ${minRuns} runs with a decided verdict (the majority of its repeats; an even split decides nothing), ` +
    `the verdict flipped at least twice and the rarer verdict's 95% Wilson lower bound is at least ${flakyFloor}; ` +
    `with repeats in at least ${minRuns} runs, also an exact permutation test of homogeneity (its pass/fail outcomes ` +
    `dealt out to its runs at random), Benjamini-Hochberg over the questions at ${alpha} (runs differ more than their ` +
    `repeats explain; otherwise it is noisy, not flaky). Tags: the same two-window permutation test on each tag's ` +
    `pass rate per run, Benjamini-Hochberg over the tags. A question whose text changed starts a new history at that run.`
  );
}

/** Benjamini-Hochberg over the questions that have the p-value `of`. */
function adjustOver<T>(items: readonly T[], of: (item: T) => number | null): Map<T, number> {
  const tested = items.filter((item) => of(item) !== null);
  return new Map(benjaminiHochberg(tested.map((item) => of(item)!)).map((q, i) => [tested[i]!, q]));
}

/** The history of a target over the input's runs; `questionId` keeps that question whatever its state. */
export function targetHistory(
  input: HistoryInput,
  filter: Readonly<{ tag?: string; questionId?: string }> = {},
): TargetHistory {
  const counts = input.matrix.questionIds.map((_, q) => questionCounts(input, q));
  const qValues = adjustOver(counts, (question) => question.pValue);
  const repeatsQs = adjustOver(counts, (question) => question.repeatsP);
  const judged: QuestionHistory[] = counts.map((question) => {
    const qValue = qValues.get(question) ?? null;
    const { decided: _decided, minority: _minority, repeatsP: _repeatsP, before: _b, now: _n, ...shown } = question;
    return {
      ...shown,
      ...judgeQuestion(question, { qValue, repeatsQ: repeatsQs.get(question) ?? null }, input),
      qValue,
    };
  });
  const tally = Object.fromEntries(STATE_ORDER.map((state) => [state, 0])) as Record<QuestionState, number>;
  const tagged = (question: QuestionHistory) => filter.tag === undefined || question.tags.includes(filter.tag);
  for (const question of judged) if (tagged(question)) tally[question.state] += 1;
  const of = filter.tag === undefined ? '' : `questions tagged "${filter.tag}": `;
  const recentSince = input.runs[recentStart(input)]?.id ?? null;
  const shown = judged
    .filter(
      (question) =>
        tagged(question) &&
        (question.questionId === filter.questionId ||
          (filter.questionId === undefined && ['regressed', 'flaky', 'fixed'].includes(question.state))),
    )
    .sort((a, b) => STATE_ORDER.indexOf(a.state) - STATE_ORDER.indexOf(b.state) || (a.qValue ?? 1) - (b.qValue ?? 1));
  return {
    targetId: input.targetId,
    runs: input.runs.map(({ id, ...run }) => ({ runId: id, ...run })),
    recentSince,
    settings: input.settings,
    method: historyMethod(input),
    counts: tally,
    summary:
      input.runs.length < 2
        ? `${plural(input.runs.length, 'complete run')}: a history needs at least two`
        : `${of}${tally.regressed} regressed, ${tally.flaky} flaky, ${tally.fixed} fixed since ${recentSince}`,
    questions: shown,
    tags: tagHistories(input, filter.tag),
  };
}

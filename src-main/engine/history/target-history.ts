// A target's history in words: which questions regressed, were fixed or are flaky since the recent window began,
// and which tags moved; every test named in `method`.
import type { QuestionHistory, QuestionState, TargetHistory } from '../../../src-shared/model';
import { benjaminiHochberg } from '../stats/false-discovery';
import { fisherExact } from '../stats/fisher';
import { recentStart, type HistoryInput } from './history-input';
import { judgeQuestion, questionCounts } from './question-history';
import { tagHistories } from './tag-history';
import { plural } from '../../../src-shared/text/plural';

/** The order questions are listed in: what needs a look first. */
const STATE_ORDER: readonly QuestionState[] = ['regressed', 'flaky', 'fixed', 'insufficient', 'steady'];

export function historyMethod(input: HistoryInput): string {
  const { recent, alpha, minRuns, flakyFloor } = input.settings;
  return (
    `Regressed / fixed: two-sided Fisher exact test of a question's passes (repeats counted) in the runs before ` +
    `the last ${recent} against the last ${recent}, Benjamini-Hochberg over the questions tested at a false ` +
    `discovery rate of ${alpha}; regressed when it passed at least half the time before and less than half now, ` +
    `fixed the other way round. Flaky: in at least ${minRuns} runs with a decided verdict (the majority of its ` +
    `repeats, so noise its repeats average away is not counted; an even split decides nothing), the verdict flipped ` +
    `at least twice and the rarer verdict's 95% Wilson lower bound is at least ${flakyFloor}; with repeats in at ` +
    `least ${minRuns} runs, also the chi-square test of homogeneity of its runs' pass counts, Benjamini-Hochberg over the questions at ` +
    `${alpha} (runs differ more than their repeats explain; otherwise it is noisy, not flaky). Tags: the same Fisher ` +
    `test on each tag's pooled passes, Benjamini-Hochberg over the tags. A question whose text changed starts a ` +
    `new history at that run.`
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
  for (const question of counts) {
    const { baseline, recent } = question;
    if (baseline.trials > 0 && recent.trials > 0) {
      question.pValue = fisherExact(
        baseline.passes,
        baseline.trials - baseline.passes,
        recent.passes,
        recent.trials - recent.passes,
      );
    }
  }
  const qValues = adjustOver(counts, (question) => question.pValue);
  const repeatsQs = adjustOver(counts, (question) => question.repeatsP);
  const judged: QuestionHistory[] = counts.map((question) => {
    const qValue = qValues.get(question) ?? null;
    const { decided: _decided, minority: _minority, repeatsP: _repeatsP, ...shown } = question;
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

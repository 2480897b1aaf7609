// Tags over time: each tag's pass rate per run with its Wilson interval, and whether it moved beyond noise between
// the baseline and the recent window (a permutation test with the run as the unit, Benjamini-Hochberg over the tags).
import type { TagHistory } from '../../../src-shared/model';
import { wilson } from '../stats/wilson';
import { benjaminiHochberg } from '../stats/false-discovery';
import { twoWindowTest } from '../stats/permutation';
import { recentStart, type HistoryInput } from './history-input';
import { pValueText } from '../../../src-shared/text/p-value';

type TagCounts = { passes: Int32Array; trials: Int32Array };

/** Every tag's history; `only` narrows to one tag. A question's tags are those of the version each run asked. */
export function tagHistories(input: HistoryInput, only?: string): TagHistory[] {
  const { matrix, runs, versions } = input;
  const perTag = new Map<string, TagCounts>();
  const countsOf = (tag: string) => {
    let counts = perTag.get(tag);
    if (!counts)
      perTag.set(tag, (counts = { passes: new Int32Array(runs.length), trials: new Int32Array(runs.length) }));
    return counts;
  };
  for (let q = 0; q < matrix.questionIds.length; q += 1) {
    const row = q * matrix.runs;
    for (let r = 0; r < runs.length; r += 1) {
      const scored = matrix.scored[row + r]!;
      if (scored <= 0) continue;
      for (const tag of versions.get(matrix.versionIds[row + r]!)?.tags ?? []) {
        if (only !== undefined && tag !== only) continue;
        const counts = countsOf(tag);
        counts.passes[r] = counts.passes[r]! + matrix.passes[row + r]!;
        counts.trials[r] = counts.trials[r]! + scored;
      }
    }
  }
  const from = recentStart(input);
  const tags = [...perTag.keys()].sort();
  const windows = tags.map((tag) => {
    const { passes, trials } = perTag.get(tag)!;
    const sum = (values: Int32Array, a: number, b: number) => values.slice(a, b).reduce((x, y) => x + y, 0);
    return {
      baseline: { passes: sum(passes, 0, from), trials: sum(trials, 0, from) },
      recent: { passes: sum(passes, from, runs.length), trials: sum(trials, from, runs.length) },
    };
  });
  // Runs are the unit: each run's share of the tag's passing repeats, the same permutation test as a question's.
  const runShares = (tag: string) => {
    const { passes, trials } = perTag.get(tag)!;
    return runs.flatMap((_, r) =>
      trials[r]! > 0 ? [{ share: passes[r]! / trials[r]!, trials: trials[r]!, recent: r >= from }] : [],
    );
  };
  const meanOf = (shares: readonly { share: number }[]) =>
    shares.length === 0 ? null : shares.reduce((sum, run) => sum + run.share, 0) / shares.length;
  const tested = tags.map((tag) => {
    const shares = runShares(tag);
    const recentRuns = shares.filter((run) => run.recent).length;
    if (recentRuns === 0 || recentRuns === shares.length) return null;
    return twoWindowTest(
      shares.map((run) => run.share),
      recentRuns,
      shares.map((run) => run.trials),
    );
  });
  const pValues = tested.filter((p): p is number => p !== null);
  const adjusted = benjaminiHochberg(pValues);
  let next = 0;
  return tags.map((tag, i) => {
    const { passes, trials } = perTag.get(tag)!;
    const { baseline, recent } = windows[i]!;
    const pValue = tested[i]!;
    const qValue = pValue === null ? null : adjusted[next++]!;
    const shares = runShares(tag);
    const before = meanOf(shares.filter((run) => !run.recent));
    const now = meanOf(shares.filter((run) => run.recent));
    const { alpha, minDrop } = input.settings;
    const significant = qValue !== null && qValue <= alpha && before !== null && now !== null;
    const direction = now !== null && before !== null && now > before ? ('up' as const) : ('down' as const);
    const moved = significant && Math.abs(now - before) >= minDrop ? direction : null;
    const verdict = moved
      ? `moved ${moved}`
      : significant
        ? `moved ${direction} by less than the ${Math.round(minDrop * 100)} points worth reporting`
        : 'no move beyond noise';
    const pct = (value: number | null) => (value === null ? 'n/a' : `${Math.round(value * 100)}%`);
    const stats =
      qValue === null
        ? 'not tested'
        : `runs as the unit: ${pValueText('permutation p', pValue!)}, ${pValueText('BH q', qValue)}`;
    return {
      tag,
      points: runs.map((run, r) => ({
        runId: run.id,
        passes: passes[r]!,
        trials: trials[r]!,
        passRate: trials[r] ? passes[r]! / trials[r]! : null,
        interval: wilson(passes[r]!, trials[r]!),
      })),
      baseline,
      recent,
      pValue,
      qValue,
      moved,
      sentence: `${tag}: ${pct(before)} before, ${pct(now)} in the last ${input.settings.recent} runs, ${verdict} (${stats})`,
    };
  });
}

// Tags over time: each tag's pass rate per run with its Wilson interval, and whether it moved beyond noise between
// the baseline and the recent window (Fisher's exact test, Benjamini-Hochberg over the tags).
import type { TagHistory } from '../../../src-shared/model';
import { wilson } from '../stats/wilson';
import { benjaminiHochberg } from '../stats/false-discovery';
import { fisherExact } from '../stats/fisher';
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
  const tested = windows.map(({ baseline, recent }) =>
    baseline.trials > 0 && recent.trials > 0
      ? fisherExact(baseline.passes, baseline.trials - baseline.passes, recent.passes, recent.trials - recent.passes)
      : null,
  );
  const pValues = tested.filter((p): p is number => p !== null);
  const adjusted = benjaminiHochberg(pValues);
  let next = 0;
  return tags.map((tag, i) => {
    const { passes, trials } = perTag.get(tag)!;
    const { baseline, recent } = windows[i]!;
    const pValue = tested[i]!;
    const qValue = pValue === null ? null : adjusted[next++]!;
    const before = baseline.trials ? baseline.passes / baseline.trials : null;
    const now = recent.trials ? recent.passes / recent.trials : null;
    const moved =
      qValue !== null && qValue <= input.settings.alpha && before !== null && now !== null && before !== now
        ? now > before
          ? ('up' as const)
          : ('down' as const)
        : null;
    const pct = (value: number | null) => (value === null ? 'n/a' : `${Math.round(value * 100)}%`);
    const stats = qValue === null ? 'not tested' : `${pValueText('Fisher p', pValue!)}, ${pValueText('BH q', qValue)}`;
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
      sentence: `${tag}: ${pct(before)} before, ${pct(now)} in the last ${input.settings.recent} runs, ${
        moved ? `moved ${moved}` : 'no move beyond noise'
      } (${stats})`,
    };
  });
}

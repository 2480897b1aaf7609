// Benjamini-Hochberg adjusted p-values: the false-discovery-rate control of many tests at once.

/**
 * Benjamini-Hochberg adjusted p-values (q-values), in the input's order: p(i) × m / rank, made monotone from the
 * largest down and capped at 1. A test is a discovery at false discovery rate α when its q-value is ≤ α.
 */
export function benjaminiHochberg(pValues: readonly number[]): number[] {
  const m = pValues.length;
  const order = pValues.map((p, i) => [p, i] as const).sort((x, y) => x[0] - y[0]);
  const adjusted = new Array<number>(m);
  let running = 1;
  for (let rank = m; rank >= 1; rank -= 1) {
    const [p, i] = order[rank - 1]!;
    running = Math.min(running, (p * m) / rank);
    adjusted[i] = running;
  }
  return adjusted;
}

// Fisher's exact test of a 2×2 table, two-sided (the definition R's fisher.test and SciPy's fisher_exact use).
import { logChoose } from './binomial';

/** SciPy and R count a table as "as extreme" when its probability is within this relative margin of the observed one. */
const RELATIVE_TOLERANCE = 1 + 1e-7;

/**
 * Fisher's exact test, two-sided, of the 2×2 table [[a, b], [c, d]] (rows: windows; columns: passed, failed): the sum
 * of the hypergeometric probabilities of every table with the same margins that is no more likely than the observed
 * one (the definition R's fisher.test and SciPy's fisher_exact use). 1 when a margin is empty.
 */
export function fisherExact(a: number, b: number, c: number, d: number): number {
  for (const count of [a, b, c, d])
    if (!Number.isInteger(count) || count < 0) throw new RangeError(`fisherExact: ${count} is not a count`);
  const row1 = a + b;
  const row2 = c + d;
  const col1 = a + c;
  const n = row1 + row2;
  if (row1 === 0 || row2 === 0 || col1 === 0 || col1 === n) return 1;
  const logTotal = logChoose(n, col1);
  const logP = (x: number) => logChoose(row1, x) + logChoose(row2, col1 - x) - logTotal;
  const observed = logP(a);
  let p = 0;
  for (let x = Math.max(0, col1 - row2); x <= Math.min(row1, col1); x += 1) {
    const lp = logP(x);
    if (lp <= observed + Math.log(RELATIVE_TOLERANCE)) p += Math.exp(lp);
  }
  return Math.min(1, p);
}

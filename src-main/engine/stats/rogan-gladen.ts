// The Rogan-Gladen corrected pass rate and the Lang & Reiczigel (2014) interval, exactly as docs/statistics.md writes them.
/** A two-sided interval [lower, upper]. */
type Interval = [number, number];

/** nP scored questions with kP judge passes; the judge's validation: nSe human passes (kSe = TP), nSp human fails (kSp = TN). */
export type RoganGladenCounts = Readonly<{
  nP: number;
  kP: number;
  nSe: number;
  kSe: number;
  nSp: number;
  kSp: number;
}>;

const clip01 = (x: number) => Math.min(1, Math.max(0, x));

/** θ = (p + TNR − 1)/(TPR + TNR − 1), unclipped; null when TPR + TNR = 1 (the judge carries no information). */
export function roganGladenUnclipped({ nP, kP, nSe, kSe, nSp, kSp }: RoganGladenCounts): number | null {
  const j = kSe / nSe + kSp / nSp - 1;
  if (j === 0 || !Number.isFinite(j)) return null;
  return (kP / nP + kSp / nSp - 1) / j;
}

/** The corrected pass rate clipped to [0, 1]; null when TPR + TNR = 1. */
export function roganGladen(counts: RoganGladenCounts): number | null {
  const theta = roganGladenUnclipped(counts);
  return theta === null ? null : clip01(theta);
}

/** The Lang & Reiczigel interval at normal quantile z; null ("no interval") when kSe/nSe + kSp/nSp <= 1 or J' <= 0. */
export function langReiczigelInterval({ nP, kP, nSe, kSe, nSp, kSp }: RoganGladenCounts, z: number): Interval | null {
  if (kSe / nSe + kSp / nSp <= 1) return null;
  const z2 = z * z;
  const nP1 = nP + z2;
  const kP1 = kP + z2 / 2;
  const nSe1 = nSe + 2;
  const kSe1 = kSe + 1;
  const nSp1 = nSp + 2;
  const kSp1 = kSp + 1;
  const p1 = kP1 / nP1;
  const se1 = kSe1 / nSe1;
  const sp1 = kSp1 / nSp1;
  const j1 = se1 + sp1 - 1;
  if (j1 <= 0) return null;
  const theta1 = (p1 + sp1 - 1) / j1;
  const varSe = (se1 * (1 - se1)) / nSe1;
  const varSp = (sp1 * (1 - sp1)) / nSp1;
  const se =
    Math.sqrt((p1 * (1 - p1)) / nP1 + varSe * theta1 * theta1 + varSp * (1 - theta1) * (1 - theta1)) / Math.abs(j1);
  const d = 2 * z2 * (theta1 * varSe - (1 - theta1) * varSp);
  return [clip01(theta1 + d - z * se), clip01(theta1 + d + z * se)];
}

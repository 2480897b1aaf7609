// The running totals of a run's question results: what scoring adds up and the store reads back from SQL.
export type Tally = {
  scored: number;
  unscored: number;
  degraded: number;
  passed: number;
  /** Questions whose target call failed after retries (a subset of degraded). */
  errors: number;
  scoreSum: number;
};

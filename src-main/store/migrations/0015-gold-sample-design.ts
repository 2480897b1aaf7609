// Gold items remember how they were sampled (the judge-verdict stratum and the chance of being drawn), so TPR/TNR can
// weight each stratum back to its share of the calls; a validation keeps the weighted cells it was computed from.
export const name = 'gold-sample-design';

// stratum: judge_pass / judge_fail for a sample stratified on the judge's verdict, all for a simple random sample,
// NULL when unknown (an item promoted from a trace, or sampled before this migration: counted unweighted).
// inclusion_probability: the item's stratum's sampled share of its eligible calls (n_h / N_h); NULL when unknown.
// design_json: a validation's labels as weighted cells ([{stratum, weight, tp, fn, fp, tn}]); NULL: unweighted counts.
export const sql = `
ALTER TABLE gold_items ADD COLUMN stratum TEXT CHECK (stratum IN ('judge_pass', 'judge_fail', 'all'));
ALTER TABLE gold_items ADD COLUMN inclusion_probability REAL
  CHECK (inclusion_probability IS NULL OR (inclusion_probability > 0 AND inclusion_probability <= 1));
ALTER TABLE judge_validations ADD COLUMN design_json TEXT;
`;

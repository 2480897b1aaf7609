// Which labels count: every reviewer's latest verdict on an item makes one agreed label, or none (the one rule every
// screen, validation, drift window, verdict, CLI command and envelope reads the judge's labels through).

export type ReviewerVerdictValue = 'pass' | 'fail' | 'defer';

/** One reviewer's latest verdict on one item, and when they gave it (epoch ms). */
export type ReviewerVerdict = Readonly<{ reviewer: string; verdict: ReviewerVerdictValue; at: number }>;

/**
 * agreed: every counted pass/fail verdict says the same; disputed: pass against fail (left out until they agree);
 * deferred: only defers (no truth to compare with); unlabelled: no verdict at all.
 */
export type AgreementStatus = 'agreed' | 'disputed' | 'deferred' | 'unlabelled';

export type AgreedLabel = Readonly<{
  status: AgreementStatus;
  /** The agreed truth; null unless `status` is agreed. */
  label: 'pass' | 'fail' | null;
  /** When the item reached its status: the latest of the verdicts that decided it (null: unlabelled). */
  at: number | null;
  /** The reviewers whose verdicts decided it, sorted. */
  reviewers: string[];
}>;

/** The reviewer of labels given before reviewers had names (and of a workspace whose user set no name). */
export const UNNAMED_REVIEWER = '';

const UNLABELLED: AgreedLabel = { status: 'unlabelled', label: null, at: null, reviewers: [] };

const latest = (verdicts: readonly ReviewerVerdict[]) => Math.max(...verdicts.map((v) => v.at));
const namesOf = (verdicts: readonly ReviewerVerdict[]) => [...new Set(verdicts.map((v) => v.reviewer))].sort();

/**
 * The rule. A defer is an abstention: it never overrides another reviewer's pass or fail, so the result does not
 * depend on who clicked last. Named reviewers' pass/fail verdicts decide; the unnamed reviewer's verdict (labels from
 * before names) counts only when no named reviewer gave a pass or fail, since it may be any of them, earlier. Pass
 * and fail together make the item disputed; only defers make it deferred.
 */
export function agreedLabel(verdicts: readonly ReviewerVerdict[]): AgreedLabel {
  const votes = (named: boolean) =>
    verdicts.filter((v) => v.verdict !== 'defer' && (v.reviewer !== UNNAMED_REVIEWER) === named);
  const named = votes(true);
  const deciding = named.length > 0 ? named : votes(false);
  if (deciding.length > 0) {
    const values = new Set(deciding.map((v) => v.verdict));
    const at = latest(deciding);
    const reviewers = namesOf(deciding);
    if (values.size > 1) return { status: 'disputed', label: null, at, reviewers };
    return { status: 'agreed', label: deciding[0]!.verdict as 'pass' | 'fail', at, reviewers };
  }
  if (verdicts.length === 0) return UNLABELLED;
  return { status: 'deferred', label: null, at: latest(verdicts), reviewers: namesOf(verdicts) };
}

/** The agreed label as the judge's confusion counts read it: the truth, 'defer', or null (unlabelled). */
export const humanLabelOf = (agreed: AgreedLabel): 'pass' | 'fail' | 'defer' | null =>
  agreed.status === 'agreed' ? agreed.label : agreed.status === 'deferred' ? 'defer' : null;

// The agreement between reviewers in words (the judges screen and `ai-eval judges`): κ or α with its interval, who.
import type { ReviewerAgreement } from '../contract/judges.contract';

const SYMBOL: Readonly<Record<ReviewerAgreement['statistic'], string>> = {
  cohen_kappa: 'κ',
  krippendorff_alpha: 'α',
};

/** "ana and ben", "ana, ben and cara". */
export const namesInWords = (names: readonly string[]): string =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;

/**
 * "κ 0.62 [0.41, 0.80] over 10 items labelled by ana and ben"; an undefined statistic (every label of one class)
 * says so instead of a number.
 */
export function agreementInWords(a: ReviewerAgreement): string {
  const value =
    a.value === null
      ? 'undefined (every label of one class)'
      : `${a.value.toFixed(2)}${a.ci ? ` [${a.ci[0].toFixed(2)}, ${a.ci[1].toFixed(2)}]` : a.ciNote ? ` (${a.ciNote})` : ''}`;
  return `${SYMBOL[a.statistic]} ${value} over ${a.items} item${a.items === 1 ? '' : 's'} labelled by ${namesInWords(a.reviewers)}`;
}

/** How many of the shared items the reviewers disagree on, which judge validation leaves out. */
export const disagreementsInWords = (a: Pick<ReviewerAgreement, 'disagreements' | 'scope'>): string =>
  a.disagreements === 0
    ? 'they agree on every item'
    : `they disagree on ${a.disagreements} item${a.disagreements === 1 ? '' : 's'}` +
      (a.scope === 'grader' ? ', left out of TPR/TNR until they agree' : '');

// Agreement between reviewers who labelled the same items: κ (two reviewers) or α (more), per judge and per tag.
import type { ReviewerAgreement } from '../../../src-shared/contract/judges.contract';
import type { GroupedVerdict } from '../../store/repos/reviewer-verdicts.repo';
import { agreement, DEFAULT_AGREEMENT, type AgreementOptions, type Rating } from '../stats/agreement';

/**
 * One group's agreement over the items two or more reviewers labelled; null when no item was. The reviewers are
 * those who labelled such an item (sorted), and `disagreements` counts the items whose verdicts differ.
 */
export function groupAgreement(
  scope: ReviewerAgreement['scope'],
  group: string,
  verdicts: readonly GroupedVerdict[],
  options: AgreementOptions = DEFAULT_AGREEMENT,
): ReviewerAgreement | null {
  const byItem = new Map<string, Map<string, string>>();
  for (const v of verdicts) {
    const key = `${v.subjectType}\u0000${v.subjectId}`;
    const item = byItem.get(key) ?? new Map<string, string>();
    item.set(v.reviewer, v.verdict);
    byItem.set(key, item);
  }
  const shared = [...byItem.values()].filter((item) => item.size >= 2);
  const reviewers = [...new Set(shared.flatMap((item) => [...item.keys()]))].sort();
  const units: Rating[][] = shared.map((item) => reviewers.map((name) => item.get(name) ?? null));
  const result = agreement(units, reviewers.length, options);
  if (!result) return null;
  return {
    scope,
    group,
    statistic: result.statistic,
    value: result.value,
    ci: result.ci ? [result.ci[0], result.ci[1]] : null,
    ciNote: result.ciNote,
    items: result.items,
    reviewers,
    disagreements: shared.filter((item) => new Set(item.values()).size > 1).length,
    level: options.level,
  };
}

/** Every group of `scope` with an agreement, in the order the verdicts come (sorted by group). */
export function agreementsOf(
  scope: ReviewerAgreement['scope'],
  verdicts: readonly GroupedVerdict[],
  options: AgreementOptions = DEFAULT_AGREEMENT,
): ReviewerAgreement[] {
  const groups = new Map<string, GroupedVerdict[]>();
  for (const v of verdicts) {
    const rows = groups.get(v.group) ?? [];
    rows.push(v);
    groups.set(v.group, rows);
  }
  return [...groups].flatMap(([group, rows]) => groupAgreement(scope, group, rows, options) ?? []);
}

// Pure selectors for the target editor: issues by field, the grader table, what to show and when.
import { GRADER_CATALOG, GRADER_IDS, type GraderId, type WorkspaceIssue } from '../../../src-shared/model';
import type { FieldIssue } from '../../components/field-issues';
import type { TargetForm } from './target-form';

/** Where the edited target sits in aieval.yaml's `targets` list: its old place, or the end for a new one. */
export function targetIndex(ids: readonly string[], previousId: string | undefined): number {
  const index = previousId === undefined ? -1 : ids.indexOf(previousId);
  return index >= 0 ? index : ids.length;
}

/**
 * Splits aieval.yaml issues into those of the edited target (paths made relative: `targets.1.gate.threshold`
 * becomes `gate.threshold`) and the rest of the file, which the editor lists above the form.
 */
export function splitIssues(
  issues: readonly WorkspaceIssue[],
  index: number,
): { own: FieldIssue[]; other: WorkspaceIssue[] } {
  const prefix = `targets.${index}`;
  const own: FieldIssue[] = [];
  const other: WorkspaceIssue[] = [];
  for (const issue of issues) {
    if (issue.severity !== 'error') continue;
    if (issue.path === prefix || issue.path.startsWith(`${prefix}.`))
      own.push({ path: issue.path.slice(prefix.length + 1), message: issue.message });
    else other.push(issue);
  }
  return { own, other };
}

/**
 * Client-side problems are shown once a field was changed, or for every field after a save attempt, so a new
 * target does not open covered in "required".
 */
export function visibleIssues(
  issues: readonly FieldIssue[],
  form: TargetForm,
  initial: TargetForm,
  attempted: boolean,
): FieldIssue[] {
  if (attempted) return [...issues];
  return issues.filter((issue) => {
    const key = (issue.path.split('.')[0] ?? '') as keyof TargetForm;
    return JSON.stringify(form[key]) !== JSON.stringify(initial[key]);
  });
}

export type GraderRow = Readonly<{
  id: GraderId;
  label: string;
  kind: string;
  scale: string;
  seesToolCalls: boolean;
  observesActions: boolean;
  needs: string;
  attached: boolean;
}>;

/** Every grader of the catalogue, in catalogue order, with whether the target attaches it. */
export function graderRows(attached: readonly GraderId[]): GraderRow[] {
  return GRADER_IDS.map((id) => {
    const info = GRADER_CATALOG[id];
    return {
      id,
      label: info.label,
      kind: info.kind === 'llm_judge' ? 'LLM judge' : 'deterministic',
      scale:
        info.maxScore === 1 ? `${info.minScore}–${info.maxScore} (pass/fail)` : `${info.minScore}–${info.maxScore}`,
      seesToolCalls: info.seesToolCalls,
      observesActions: info.observesActions,
      needs: info.needs,
      attached: attached.includes(id),
    };
  });
}

/** Toggles a grader, keeping catalogue order so the YAML list reads the same way as the table. */
export function toggleGrader(attached: readonly GraderId[], id: GraderId): GraderId[] {
  const next = attached.includes(id) ? attached.filter((g) => g !== id) : [...attached, id];
  return GRADER_IDS.filter((g) => next.includes(g));
}

/** The attached LLM judges, the only graders the gate can name for the bias-corrected pass rate. */
export function gateJudgeOptions(attached: readonly GraderId[]): GraderId[] {
  return attached.filter((id) => GRADER_CATALOG[id].kind === 'llm_judge');
}

/** The gate threshold's unit in words, by metric. */
export const thresholdHelp = (metric: TargetForm['gate']['metric']): string =>
  metric === 'pass_rate'
    ? 'The share of questions that pass, 0–1 (0.8 = 80%).'
    : metric === 'corrected_pass_rate'
      ? 'The pass rate corrected for the trusted judge’s errors (TPR/TNR), 0–1.'
      : 'The average question score, 0–5.';

/** What the corrected pass rate's gate compares with the threshold, by bound ('' : the point estimate). */
export const boundHelp = (bound: TargetForm['gate']['bound']): string =>
  bound === 'lower'
    ? 'Passes only when the lower bound of its interval reaches the threshold: “passes even at the lower bound”.'
    : 'Passes when the point estimate reaches the threshold, whatever its interval.';

export const isDirty = (form: TargetForm | undefined, initial: TargetForm | undefined): boolean =>
  form !== undefined && initial !== undefined && JSON.stringify(form) !== JSON.stringify(initial);

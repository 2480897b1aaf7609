// Human labels on review items and question results: verdict, per-dimension scores, tags, notes (docs/traces.md).
import { z } from 'zod';
import { int, number, string } from './fields';

export const LABEL_VERDICTS = ['pass', 'fail', 'defer'] as const;
export const labelVerdict = z.enum(LABEL_VERDICTS);
export type LabelVerdict = z.infer<typeof labelVerdict>;

/** The dimensions the workbench offers by default; users may add their own (any snake_case name). */
export const STANDARD_DIMENSIONS = [
  'relevance',
  'completeness',
  'accuracy',
  'actionability',
  'groundedness',
  'format',
] as const;

export const dimensionName = string.regex(/^[a-z][a-z0-9_]{0,63}$/, 'must be a snake_case dimension name');

/** A dimension is scored 0-5 (integers or halves) or judged pass/fail. */
export const dimensionScore = z.union([number.min(0).max(5), z.enum(['pass', 'fail'])]);
export type DimensionScore = z.infer<typeof dimensionScore>;

export const labelTag = string.trim().min(1).max(64);

/** Who labels: a name set in the app's settings; '' is the unnamed reviewer (labels from before reviewers existed). */
export const reviewerName = z.string().trim().max(64);

/** What a label can be attached to: an imported trace's review item, a run's question result, a judge's gold item. */
export const labelSubjectType = z.enum(['review_item', 'question_result', 'gold_item']);
export type LabelSubjectType = z.infer<typeof labelSubjectType>;

export const labelSubject = z.object({ subjectType: labelSubjectType, subjectId: string.min(1) });
export type LabelSubject = z.infer<typeof labelSubject>;

export const label = z.object({
  subjectType: labelSubjectType,
  subjectId: string,
  /** null while only scores, tags or notes were given. */
  verdict: labelVerdict.nullable(),
  /** Holistic labels leave this empty; per-dimension labels score each named dimension. */
  dimensions: z.record(string, dimensionScore),
  tags: z.array(string),
  notes: string,
  /** Who changed the label last ('' : unnamed); each reviewer's own verdict is kept apart for agreement. */
  reviewer: string,
  createdAt: int,
  updatedAt: int,
});
export type Label = z.infer<typeof label>;

/**
 * A change to a label: every field left out stays as it is, so a single key press (`p`, a digit)
 * changes one thing. A dimension set to null is removed; `tags` and `notes` replace the old value.
 */
export const labelPatch = z.object({
  verdict: labelVerdict.nullable().optional(),
  dimensions: z.record(dimensionName, dimensionScore.nullable()).optional(),
  tags: z.array(labelTag).max(50).optional(),
  notes: string.max(20_000).optional(),
});
export type LabelPatch = z.infer<typeof labelPatch>;

/** What a label says, without whom it is attached to and when. */
export type LabelContent = Readonly<{
  verdict: LabelVerdict | null;
  dimensions: Readonly<Record<string, DimensionScore>>;
  tags: readonly string[];
  notes: string;
}>;

/** A label after a patch: fields the patch leaves out are kept; a dimension set to null is removed; tags are de-duplicated. */
export function applyLabelPatch(current: LabelContent | undefined, patch: LabelPatch): LabelContent {
  const dimensions: Record<string, DimensionScore> = { ...(current?.dimensions ?? {}) };
  for (const [name, score] of Object.entries(patch.dimensions ?? {})) {
    if (score === null) delete dimensions[name];
    else dimensions[name] = score;
  }
  return {
    verdict: patch.verdict !== undefined ? patch.verdict : (current?.verdict ?? null),
    dimensions,
    tags:
      patch.tags !== undefined
        ? [...new Set(patch.tags.map((t) => t.trim()).filter(Boolean))]
        : [...(current?.tags ?? [])],
    notes: patch.notes ?? current?.notes ?? '',
  };
}

/** The user's own settings (per user, not per workspace): the name every label they give is stored with. */
export const userSettings = z.object({
  reviewer: reviewerName,
  /** The team store this user's app uses (a postgresql:// URL without its password; '': each workspace's own store). */
  storeUrl: z.string().max(2000).default(''),
});
export type UserSettings = z.infer<typeof userSettings>;

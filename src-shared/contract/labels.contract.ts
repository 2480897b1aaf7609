// Calls to label review items and question results: one at a time by keyboard, or a whole group; with undo.
import { z } from 'zod';
import { boolean, int, optionalString, string } from '../model/fields';
import { preference } from '../model/preference';
import { call, event, noInput } from '../rpc/define';
import { label, labelPatch, labelSubject, labelSubjectType, reviewerName, traceFilters } from '../model';

const subjects = z.array(labelSubject);
/** Who labels; left out: the reviewer name in the user's settings (`userSettings.get`). */
const reviewer = reviewerName.optional();

export const labelsContract = {
  /** The label of one subject, or null. */
  'labels.get': call(() => ({ input: labelSubject, output: label.nullable() })),
  /** The labels of many subjects of one type (those without a label are left out). */
  'labels.getMany': call(() => ({
    input: z.object({ subjectType: labelSubjectType, ids: z.array(string).max(1000) }),
    output: z.array(label),
  })),
  /**
   * Change one subject's label. Fields left out stay as they are (so `p` sets only the verdict, a digit only one
   * dimension); a dimension set to null is removed. The previous label is kept for `labels.undo`. A verdict is also
   * kept as `reviewer`'s own, for agreement between reviewers (`judges.agreement`).
   */
  'labels.submit': call(() => ({
    input: labelSubject.extend(labelPatch.shape).extend({ reviewer }),
    output: z.object({ label: label.nullable(), batchId: string }),
  })),
  /**
   * A person's preference of one question result over the baseline's result of the same question (the comparison
   * matrix): better, worse, the same, or null to clear. Stored as a tag of the result's label ("vs #42: better");
   * the label's other fields and tags are kept, and `labels.undo` reverts it.
   */
  'labels.prefer': call(() => ({
    input: z.object({
      resultId: int.positive(),
      baselineResultId: int.positive(),
      preference: preference.nullable(),
    }),
    output: z.object({ label: label.nullable(), batchId: string }),
  })),
  /**
   * Apply the same change to every review item of a group (`groupKey`), of a filtered queue, or of a list of `ids`;
   * `onlyUnlabeled` leaves items that already have a verdict alone. One undo reverts the whole group.
   */
  'labels.submitGroup': call(() => ({
    input: labelPatch.extend({
      groupKey: optionalString,
      ids: z.array(string).max(10_000).optional(),
      filters: traceFilters.optional(),
      onlyUnlabeled: boolean.default(false),
      reviewer,
    }),
    output: z.object({ count: int, batchId: string }),
  })),
  /**
   * Revert the last label change: of one subject when given, else the last change made (a whole group at once). With
   * `reviewer` and a gold item, that reviewer's current label of it is taken back (an undo line of their file).
   */
  'labels.undo': call(() => ({
    input: z.object({ subjectType: labelSubjectType.optional(), subjectId: optionalString, reviewer }),
    output: z.object({ reverted: z.array(labelSubject.extend({ label: label.nullable() })) }),
  })),
  /** The dimensions to offer: the standard six, then the user-defined ones already used on labels. */
  'labels.dimensions': call(() => ({ input: noInput, output: z.array(string) })),
  /** Labels changed (by this window, another one, or the CLI). */
  'labels.changed': event(() => z.object({ subjects })),
} as const;

// A person's preference between a matrix cell and the baseline's cell of the same question (better, worse or the
// same), stored as a tag of the cell's result label ("vs #42: better", #42 being the baseline's result).
import { z } from 'zod';

export const PREFERENCES = ['better', 'worse', 'same'] as const;
export const preference = z.enum(PREFERENCES);
export type Preference = z.infer<typeof preference>;

const TAG = /^vs #(\d+): (better|worse|same)$/;

/** The tag that records `value` against the baseline result `baselineResultId`. */
export const preferenceTag = (value: Preference, baselineResultId: number): string =>
  `vs #${baselineResultId}: ${value}`;

/** The preference these label tags record against the baseline result, if any. */
export function preferenceOf(tags: readonly string[], baselineResultId: number): Preference | null {
  for (const tag of tags) {
    const match = TAG.exec(tag);
    if (match && Number(match[1]) === baselineResultId) return match[2] as Preference;
  }
  return null;
}

/** The tags with the preference against `baselineResultId` set to `value` (removed for null); other tags kept. */
export function withPreferenceTag(
  tags: readonly string[],
  baselineResultId: number,
  value: Preference | null,
): string[] {
  const others = tags.filter((tag) => Number(TAG.exec(tag)?.[1] ?? -1) !== baselineResultId);
  return value === null ? others : [...others, preferenceTag(value, baselineResultId)];
}

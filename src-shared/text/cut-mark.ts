// Text cut for size says so where it is kept: the kept part, then a mark giving the original length.

const count = (n: number) => n.toLocaleString('en-US');

/** The mark appended to a cut text (on its own line, so it reads apart from the text in the store, UI and exports). */
export const cutMark = (kept: number, original: number): string =>
  `\n[cut for size: ${count(kept)} of ${count(original)} characters kept]`;

/** That a text was cut for size, as a field: characters (code points) kept and in the original. */
export type Cut = Readonly<{ keptChars: number; originalChars: number }>;

/** `text` when it fits in `maxChars` code points (cut: null); else its first `maxChars` code points, the mark, and the cut. */
export function cutForSize(text: string, maxChars: number): { text: string; cut: Cut | null } {
  if (text.length <= maxChars) return { text, cut: null };
  const chars = [...text];
  if (chars.length <= maxChars) return { text, cut: null };
  return {
    text: chars.slice(0, maxChars).join('') + cutMark(maxChars, chars.length),
    cut: { keptChars: maxChars, originalChars: chars.length },
  };
}

/** The text of cutForSize, for cuts that are shown but not stored as records. */
export const cutWithMark = (text: string, maxChars: number): string => cutForSize(text, maxChars).text;

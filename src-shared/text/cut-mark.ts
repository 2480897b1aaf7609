// Text cut for size says so where it is kept: the kept part, then a mark giving the original length.

const count = (n: number) => n.toLocaleString('en-US');

/** The mark appended to a cut text (on its own line, so it reads apart from the text in the store, UI and exports). */
export const cutMark = (kept: number, original: number): string =>
  `\n[cut for size: ${count(kept)} of ${count(original)} characters kept]`;

/** `text` when it fits in `maxChars` code points; else its first `maxChars` code points and the cut mark. */
export function cutWithMark(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  const chars = [...text];
  if (chars.length <= maxChars) return text;
  return chars.slice(0, maxChars).join('') + cutMark(maxChars, chars.length);
}

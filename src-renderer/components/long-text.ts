// Where long text is cut: a bounded first part to show at once, and the rest in blocks small enough to lay out fast.

/** The first part shows at most this many characters… */
export const FIRST_PART_CHARS = 4_000;
/** …and at most this many lines. */
export const FIRST_PART_LINES = 60;
/** "Show all" adds the rest in blocks of about this many characters. */
export const BLOCK_CHARS = 4_096;
/** Longer texts are shown in full as plain text: formatting them as markdown would hold the page too long. */
export const MARKDOWN_MAX_CHARS = 20_000;
/** How far back from a limit a cut looks for a line break or a space, so words and lines stay whole. */
const LOOK_BACK = 512;

/** The last index of `char` in text[floor, before), or -1; never looks further back than `floor`. */
function lastIndexWithin(text: string, char: string, floor: number, before: number): number {
  for (let i = before - 1; i >= floor; i--) if (text[i] === char) return i;
  return -1;
}

/** Where to cut `text` at or before `limit`: after a line break, else after a space, else at `limit` itself. */
function cutBefore(text: string, from: number, limit: number): number {
  if (limit >= text.length) return text.length;
  const floor = Math.max(from + 1, limit - LOOK_BACK);
  const newline = lastIndexWithin(text, '\n', floor, limit);
  if (newline !== -1) return newline + 1;
  const space = lastIndexWithin(text, ' ', floor, limit);
  return space === -1 ? limit : space + 1;
}

/** The end of the first part: FIRST_PART_CHARS characters or FIRST_PART_LINES lines, whichever comes first. */
export function firstPartEnd(text: string): number {
  let limit = Math.min(text.length, FIRST_PART_CHARS);
  let newline = -1;
  for (let line = 0; line < FIRST_PART_LINES; line++) {
    newline = text.indexOf('\n', newline + 1);
    if (newline === -1 || newline >= limit) return cutBefore(text, 0, limit);
  }
  limit = newline + 1;
  return limit >= text.length ? text.length : limit;
}

/** `text` from `from` on, in blocks of at most BLOCK_CHARS, each ending on a line break or a space when one is near. */
export function blocksOf(text: string, from = 0): string[] {
  const blocks: string[] = [];
  for (let start = from; start < text.length;) {
    const end = cutBefore(text, start, start + BLOCK_CHARS);
    blocks.push(text.slice(start, end));
    start = end;
  }
  return blocks;
}

// Positions in YAML source text (lines, columns, line endings) and the application of text splices.

/** A replacement of the source text between `from` and `to` (end exclusive) by `text`. */
export type Splice = Readonly<{ from: number; to: number; text: string }>;

/** The file's line ending: CRLF when its first line ends so, else LF. */
export function lineEnding(text: string): string {
  const first = text.indexOf('\n');
  return first > 0 && text[first - 1] === '\r' ? '\r\n' : '\n';
}

export const lineStart = (text: string, pos: number): number => text.lastIndexOf('\n', pos - 1) + 1;

/**
 * The position after the newline ending the line that holds `pos` (the text's end on the last line). A `pos` in the
 * indentation of a line (where a node's range ends when a comment closes it) stops at that line's start: the line
 * belongs to what comes next.
 */
export function afterLine(text: string, pos: number): number {
  if (pos > 0 && text[pos - 1] === '\n') return pos;
  const start = lineStart(text, pos);
  if (start > 0 && /^[ \t]+$/.test(text.slice(start, pos))) return start;
  const next = text.indexOf('\n', pos);
  return next < 0 ? text.length : next + 1;
}

/** The end of the line's content, before its line ending. */
export function lineContentEnd(text: string, pos: number): number {
  const next = text.indexOf('\n', pos);
  if (next < 0) return text.length;
  return next > 0 && text[next - 1] === '\r' ? next - 1 : next;
}

export const column = (text: string, pos: number): number => pos - lineStart(text, pos);

/** The whitespace that starts the line holding `pos`, so new lines reuse its exact indentation. */
export function indentationAt(text: string, pos: number): string {
  const start = lineStart(text, pos);
  return /^[ \t]*/.exec(text.slice(start, pos))![0];
}

export const isBlankLine = (line: string): boolean => line.trim() === '';
export const isCommentLine = (line: string): boolean => line.trimStart().startsWith('#');

/** Prefixes every non-empty line of `block` with `indent` and ends lines with `eol`. */
export function reindent(block: string, indent: string, eol: string): string {
  return block
    .split('\n')
    .map((line) => (line === '' ? '' : indent + line))
    .join(eol);
}

/** Applies non-overlapping splices (any order) to `text`. */
export function applySplices(text: string, splices: readonly Splice[]): string {
  // Later splices first; two insertions at one place keep the order they were given in.
  const ordered = splices.map((splice, index) => ({ ...splice, index }));
  ordered.sort((a, b) => b.from - a.from || b.to - a.to || b.index - a.index);
  let out = text;
  let floor = Infinity;
  for (const splice of ordered) {
    if (splice.to > floor) throw new Error('overlapping YAML edits');
    out = out.slice(0, splice.from) + splice.text + out.slice(splice.to);
    floor = splice.from;
  }
  return out;
}

// A token diff (longest common subsequence) of two short texts: two prompts line by line, two answers word by word.

export type DiffPart = Readonly<{ kind: 'same' | 'added' | 'removed'; text: string }>;

/** Texts longer than this many tokens a side are diffed on their first tokens only (the table is tokens² cells). */
export const MAX_DIFF_TOKENS = 2000;
/** …and on their first this many characters (a 1 MB answer without spaces is one token). */
export const MAX_DIFF_CHARS = 20_000;

const joinParts = (parts: DiffPart[], kind: DiffPart['kind'], text: string) => {
  const last = parts.at(-1);
  if (last && last.kind === kind) parts[parts.length - 1] = { kind, text: last.text + text };
  else parts.push({ kind, text });
};

function diffTokens(a: readonly string[], b: readonly string[]): DiffPart[] {
  const n = a.length;
  const m = b.length;
  // lcs[i * (m + 1) + j]: the longest common subsequence of a[i..] and b[j..].
  const lcs = new Uint16Array((n + 1) * (m + 1));
  for (let i = n - 1; i >= 0; i -= 1)
    for (let j = m - 1; j >= 0; j -= 1)
      lcs[i * (m + 1) + j] =
        a[i] === b[j]
          ? (lcs[(i + 1) * (m + 1) + j + 1] as number) + 1
          : Math.max(lcs[(i + 1) * (m + 1) + j] as number, lcs[i * (m + 1) + j + 1] as number);
  const parts: DiffPart[] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j]) {
      joinParts(parts, 'same', a[i] as string);
      i += 1;
      j += 1;
    } else if ((lcs[(i + 1) * (m + 1) + j] as number) >= (lcs[i * (m + 1) + j + 1] as number)) {
      joinParts(parts, 'removed', a[i] as string);
      i += 1;
    } else {
      joinParts(parts, 'added', b[j] as string);
      j += 1;
    }
  }
  for (; i < n; i += 1) joinParts(parts, 'removed', a[i] as string);
  for (; j < m; j += 1) joinParts(parts, 'added', b[j] as string);
  return parts;
}

/** Words with the space after them, so joining the parts gives the texts back. */
const words = (text: string) => text.match(/\S+\s*|\s+/g) ?? [];
/** Lines with their line break. */
const lines = (text: string) => text.match(/[^\n]*\n|[^\n]+/g) ?? [];

export type TextDiff = Readonly<{ parts: DiffPart[]; cut: boolean }>;

/**
 * The diff of `before` → `after` by word or by line; `cut` when only the first MAX_DIFF_CHARS characters or
 * MAX_DIFF_TOKENS tokens were compared.
 */
export function diffText(before: string, after: string, by: 'word' | 'line'): TextDiff {
  const split = by === 'word' ? words : lines;
  const a = split(before.slice(0, MAX_DIFF_CHARS));
  const b = split(after.slice(0, MAX_DIFF_CHARS));
  const cut =
    before.length > MAX_DIFF_CHARS ||
    after.length > MAX_DIFF_CHARS ||
    a.length > MAX_DIFF_TOKENS ||
    b.length > MAX_DIFF_TOKENS;
  return { parts: diffTokens(a.slice(0, MAX_DIFF_TOKENS), b.slice(0, MAX_DIFF_TOKENS)), cut };
}

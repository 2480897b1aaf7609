// The lines a change removed and added (an LCS diff of whole lines, endings included), as `git diff --numstat` counts.

export type LineDiff = { removed: string[]; added: string[] };

const linesOf = (text: string): string[] => (text === '' ? [] : text.split(/(?<=\n)/));

export function lineDiff(before: string, after: string): LineDiff {
  const a = linesOf(before);
  const b = linesOf(after);
  const common: number[][] = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      common[i]![j] = a[i] === b[j] ? common[i + 1]![j + 1]! + 1 : Math.max(common[i + 1]![j]!, common[i]![j + 1]!);
  const diff: LineDiff = { removed: [], added: [] };
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      i++;
      j++;
    } else if (j < b.length && (i === a.length || common[i]![j + 1]! >= common[i + 1]![j]!)) diff.added.push(b[j++]!);
    else diff.removed.push(a[i++]!);
  }
  return diff;
}

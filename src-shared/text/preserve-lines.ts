// After a YAML document is re-serialised, puts back the user's own spelling of every line whose content did not change.

/** The same line up to the spacing inside flow brackets (`[a]` vs `[ a ]`, `{a: 1}` vs `{ a: 1 }`) and before a comment. */
const normalise = (line: string) =>
  line
    .replace(/([[{])\s+/g, '$1')
    .replace(/\s+([\]}])/g, '$1')
    .replace(/\s+#/g, ' #')
    .trimEnd();

export function preserveOriginalLines(original: string, next: string): string {
  const byShape = new Map<string, string>();
  for (const line of original.split('\n')) if (!byShape.has(normalise(line))) byShape.set(normalise(line), line);
  return next
    .split('\n')
    .map((line) => byShape.get(normalise(line)) ?? line)
    .join('\n');
}

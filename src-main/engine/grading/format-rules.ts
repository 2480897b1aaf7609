// format_grader's rules (docs/grading.md): a JSON decode, or five text rules worth one point each, floored at 0.

export type FormatVerdict = Readonly<{ score: number; reason: string }>;

const MIN_CHARS = 20;

const TEXT_RULES: ReadonlyArray<Readonly<{ label: string; test: (text: string, limit: number) => boolean }>> = [
  { label: 'uses # headings', test: (text) => /^#{1,6}(\s|$)/m.test(text) },
  { label: 'uses [text](url) links', test: (text) => /\[[^\]\n]+\]\([^)\s]+[^)]*\)/.test(text) },
  { label: 'uses **bold**', test: (text) => /\*\*[^*\n]+\*\*/.test(text) },
  { label: 'too long', test: (text, limit) => codePointLength(text) > limit },
  { label: 'suspiciously short', test: (text) => codePointLength(text) < MIN_CHARS },
];

const codePointLength = (text: string): number => {
  let count = 0;
  for (const _ of text) count++;
  return count;
};

/** Scores a response's shape on 0-5: `format` json decodes it; anything else runs the text rules. */
export function formatVerdict(response: string, format: string | undefined, responseCharLimit: number): FormatVerdict {
  if (response.trim() === '') return { score: 0, reason: 'empty response' };
  if (format === 'json') return jsonVerdict(response);
  const text = response.trim();
  const violations = TEXT_RULES.filter((rule) => rule.test(text, responseCharLimit)).map((rule) =>
    rule.label === 'too long' ? `too long (${codePointLength(text)} > ${responseCharLimit} characters)` : rule.label,
  );
  if (violations.length === 0) return { score: 5, reason: 'no format issues' };
  return { score: Math.max(0, 5 - violations.length), reason: violations.join('; ') };
}

function jsonVerdict(response: string): FormatVerdict {
  try {
    JSON.parse(response);
    return { score: 5, reason: 'valid JSON' };
  } catch (error) {
    return { score: 0, reason: `invalid JSON: ${(error as Error).message}` };
  }
}

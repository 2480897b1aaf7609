// Reads a judge's answer: the first JSON object in it, its score and reason; never turns a non-answer into a 0 (docs/grading.md).

export type JudgeAnswer =
  Readonly<{ ok: true; score: number; reason: string }> | Readonly<{ ok: false; error: string }>;

const NUMERIC = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/** The first parseable JSON object in `text` (code fences and chatter around it tolerated). */
export function firstJsonObject(text: string): Record<string, unknown> | undefined {
  for (let start = text.indexOf('{'); start !== -1; start = text.indexOf('{', start + 1)) {
    const end = matchingBrace(text, start);
    if (end === -1) continue;
    try {
      const value: unknown = JSON.parse(text.slice(start, end + 1));
      if (value !== null && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
    } catch {
      // Not JSON (for example prose in braces): try the next brace.
    }
  }
  return undefined;
}

/** Index of the brace closing the one at `start`, skipping braces inside JSON strings; -1 when unbalanced. */
function matchingBrace(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const char = text[i];
    if (inString) {
      if (char === '\\') i++;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '{') depth++;
    else if (char === '}' && --depth === 0) return i;
  }
  return -1;
}

/** The answer's raw numeric score and reason; a missing, non-numeric or non-finite score is an error. */
export function parseJudgeAnswer(text: string): JudgeAnswer {
  const object = firstJsonObject(text);
  if (!object) return { ok: false, error: `the judge answered no JSON object: ${preview(text)}` };
  const raw = object.score;
  if (raw === undefined) return { ok: false, error: `the judge's answer has no "score": ${preview(text)}` };
  const score =
    typeof raw === 'number'
      ? raw
      : typeof raw === 'string' && NUMERIC.test(raw.trim())
        ? Number(raw.trim())
        : Number.NaN;
  if (!Number.isFinite(score)) return { ok: false, error: `the judge's score ${JSON.stringify(raw)} is not a number` };
  const reason = typeof object.reason === 'string' ? object.reason.trim() : '';
  return { ok: true, score, reason };
}

/**
 * A judge's score on its scale [min, max]. A score outside it (99 or -3 on 0-5) is a judge error, as for a yes/no
 * judge: the judge used another scale or misread the prompt, and clamping it would be a silent pass or a silent zero.
 */
export function scaledScore(
  score: number,
  min: number,
  max: number,
): Readonly<{ ok: true; score: number } | { ok: false; error: string }> {
  if (score < min || score > max)
    return { ok: false, error: `the judge answered ${score}, outside its ${min}-${max} scale` };
  return { ok: true, score };
}

/** A binary judge's score: outside [0,1] is an error (another scale); inside rounds to 0 or 1, 0.5 to 0 (unsure is no). */
export function binaryScore(score: number): Readonly<{ ok: true; score: 0 | 1 } | { ok: false; error: string }> {
  if (score < 0 || score > 1)
    return { ok: false, error: `the judge answered ${score}, outside the 0-1 scale of a yes/no judge` };
  return { ok: true, score: score > 0.5 ? 1 : 0 };
}

const preview = (text: string): string => JSON.stringify(text.length > 200 ? `${text.slice(0, 200)}…` : text);

// Parses the text of one JSON line or document: a request, or (for convenience) a list of requests.
import type { DecodedBatch, DecodedSpan, DecodeProblem } from '../span';
import { decodeJsonRequest } from './otlp-json';

/** `firstLine` is the text's line number in its file; a syntax error names the line it is on. */
export function decodeJsonText(text: string, firstLine: number | null): DecodedBatch {
  let value: unknown;
  try {
    // A UTF-8 byte order mark (some Windows editors write one) is not JSON, and says nothing.
    value = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (error) {
    return { spans: [], bad: 1, problems: [syntaxProblem(text, firstLine, error as Error)] };
  }
  if (!Array.isArray(value)) return decodeJsonRequest(value, firstLine);
  const spans: DecodedSpan[] = [];
  const problems: DecodeProblem[] = [];
  let bad = 0;
  value.forEach((request, index) => {
    const batch = decodeJsonRequest(request, firstLine);
    for (const span of batch.spans) spans.push(span);
    bad += batch.bad;
    for (const problem of batch.problems)
      problems.push({ ...problem, message: `request [${index}]: ${problem.message}` });
  });
  return { spans, bad, problems };
}

function syntaxProblem(text: string, firstLine: number | null, error: Error): DecodeProblem {
  const position = /position (\d+)/.exec(error.message);
  const line = firstLine === null ? null : firstLine + (position ? countNewlines(text, Number(position[1])) : 0);
  // V8 quotes the start of the text in the message; leave it out, the file's content is not ours to echo.
  const reason =
    text.trim() === ''
      ? 'empty document'
      : error.message.replace(/, ".*" is not valid JSON$/s, '').replace(/^Unexpected/, 'unexpected');
  return { line, offset: null, message: `not valid JSON: ${reason}` };
}

function countNewlines(text: string, upTo: number): number {
  let count = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < upTo; i = text.indexOf('\n', i + 1)) count++;
  return count;
}

// A new value for an existing scalar, spelled the way that scalar was (plain, quoted, block), so only its value changes.
import { Document, isSeq, Scalar } from 'yaml';

export type ScalarValue = string | number | boolean | null;
export const isScalarValue = (value: unknown): value is ScalarValue =>
  value === null || ['string', 'number', 'boolean'].includes(typeof value);

const doubleQuoted = (value: string) => JSON.stringify(value);

/** The value as a plain scalar if YAML allows that here (one line, not read back as another type), else null. */
function plain(value: string, inFlow: boolean): string | null {
  const scalar = new Scalar(value);
  scalar.type = Scalar.PLAIN;
  const doc = new Document(inFlow ? [scalar] : scalar);
  if (isSeq(doc.contents)) doc.contents.flow = true;
  let text = doc.toString({ lineWidth: 0, flowCollectionPadding: false }).replace(/\n$/, '');
  if (inFlow) text = text.slice(1, -1);
  return text.includes('\n') || /^["'|>]/.test(text) ? null : text;
}

/** `value` in place of a one-line scalar of type `type`: never a block scalar, so a comment after it stays on its line. */
export function inlineScalar(value: ScalarValue, type: Scalar.Type | undefined, inFlow: boolean): string {
  if (typeof value !== 'string') return value === null ? 'null' : String(value);
  if (type === Scalar.QUOTE_DOUBLE) return doubleQuoted(value);
  if (type === Scalar.QUOTE_SINGLE)
    return /[\n\r\t]/.test(value) ? doubleQuoted(value) : `'${value.replace(/'/g, "''")}'`;
  return plain(value, inFlow) ?? doubleQuoted(value);
}

/**
 * The new text of a block scalar (`|` or `>`) whose old text is `old`: the header keeps its indicator and any comment,
 * only the chomping follows the new value; content lines take the old content's indentation. Null when a block
 * scalar cannot hold `value` exactly (leading spaces on the first line).
 */
export function blockScalar(value: string, old: string, fallbackIndent: string, eol: string): string | null {
  if (/^[ \t]/.test(value) || value.includes('\r')) return null;
  const oldLines = old.split('\n');
  const header = oldLines[0]!.replace(/\r$/, '');
  const contentIndent =
    oldLines
      .slice(1)
      .find((line) => line.trim() !== '')
      ?.match(/^ */)?.[0] ?? fallbackIndent;
  const body = value.replace(/\n+$/, '');
  const trailing = value.length - body.length;
  const chomp = trailing === 0 ? '-' : trailing === 1 ? '' : '+';
  // A folded scalar would fold the new lines; a literal one keeps them as typed.
  const indicator = body.includes('\n') ? '|' : header[0]!;
  const newHeader = header.replace(/^[|>][-+0-9]*/, `${indicator}${chomp}`);
  const lines = body === '' ? [] : body.split('\n').map((line) => (line === '' ? '' : contentIndent + line));
  const extra = trailing > 1 ? Array<string>(trailing - 1).fill('') : [];
  return [newHeader, ...lines, ...extra].join(eol) + eol;
}

// Edits a YAML document in place through the `yaml` Document API, so untouched keys keep their comments and order.
import { isDeepStrictEqual } from 'node:util';
import { isMap, isScalar, Scalar, type Document } from 'yaml';
import { preserveOriginalLines } from '../../src-shared/text/preserve-lines';

type Plain = Record<string, unknown>;
const isPlainObject = (value: unknown): value is Plain =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Makes the node at `path` equal to `value`: keys of maps are updated one by one (new keys appended,
 * keys absent from `value` removed), so only what changed is rewritten.
 */
export function mergeInto(doc: Document, path: readonly (string | number)[], value: unknown): void {
  const node = path.length === 0 ? doc.contents : doc.getIn(path, true);
  if (isPlainObject(value) && isMap(node)) {
    for (const item of [...node.items]) {
      const key = isScalar(item.key) ? String(item.key.value) : String(item.key);
      if (!(key in value)) node.delete(key);
    }
    for (const [key, child] of Object.entries(value)) {
      if (child === undefined) continue;
      const current = node.get(key, false);
      if (isDeepStrictEqual(toJs(current), child)) continue;
      mergeInto(doc, [...path, key], child);
    }
    return;
  }
  doc.setIn(path, toNode(doc, value));
}

function toJs(node: unknown): unknown {
  return node && typeof node === 'object' && 'toJSON' in node ? (node as { toJSON(): unknown }).toJSON() : node;
}

/** Multi-line strings become block literals (`|`), the way people write prompts by hand. */
function toNode(doc: Document, value: unknown): unknown {
  if (typeof value === 'string' && value.includes('\n')) {
    const scalar = new Scalar(value);
    scalar.type = Scalar.BLOCK_LITERAL;
    return scalar;
  }
  return doc.createNode(value, { flow: Array.isArray(value) && value.every((v) => typeof v !== 'object') });
}

/** Serialises an edited document without refolding long lines, keeping the original spelling of unchanged lines. */
export const documentText = (doc: Document, original: string): string =>
  preserveOriginalLines(original, doc.toString({ lineWidth: 0 }));

// The writing habits of a YAML file (indent, sequence indent, flow padding, quoting) and new text rendered in them.
import {
  Document,
  isCollection,
  isMap,
  isPair,
  isScalar,
  isSeq,
  Scalar,
  visit,
  type Node,
  type ToStringOptions,
} from 'yaml';
import { column } from './source-text';

export type FileStyle = Required<Pick<ToStringOptions, 'indent' | 'indentSeq' | 'flowCollectionPadding'>>;

type Tally = Map<string | number | boolean, number>;
const vote = (tally: Tally, key: string | number | boolean) => tally.set(key, (tally.get(key) ?? 0) + 1);
const winner = <T extends string | number | boolean>(tally: Tally, fallback: T): T =>
  ([...tally.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] as T | undefined) ?? fallback;

/** How the file indents maps and sequences and pads flow collections, by majority of what it already does. */
export function fileStyle(doc: Document, text: string): FileStyle {
  const indent: Tally = new Map();
  const indentSeq: Tally = new Map();
  const padding: Tally = new Map();
  visit(doc, {
    Pair(_key, pair) {
      const value = pair.value as Node | null;
      if (!isCollection(value) || value.flow || !isScalar(pair.key) || !pair.key.range || !value.range) return;
      const keyColumn = column(text, pair.key.range[0]);
      if (isMap(value)) {
        const first = value.items[0]?.key as Node | undefined;
        if (first?.range) vote(indent, column(text, first.range[0]) - keyColumn);
      } else vote(indentSeq, column(text, value.range[0]) > keyColumn);
    },
    Collection(_key, node) {
      if (node.flow && node.items.length > 0 && node.range) vote(padding, text[node.range[0] + 1] === ' ');
    },
  });
  const step = winner<number>(indent, 2);
  return {
    indent: step >= 1 && step <= 8 ? step : 2,
    indentSeq: winner(indentSeq, true),
    flowCollectionPadding: winner(padding, false),
  };
}

const STRING_STYLES = new Set<string>([Scalar.PLAIN, Scalar.QUOTE_DOUBLE, Scalar.QUOTE_SINGLE]);

/** The quoting most of the strings under `template` use (plain when none). */
function dominantQuoting(template: Node | null | undefined): Scalar.Type {
  const tally: Tally = new Map();
  if (template)
    visit(template, {
      Scalar(key, node) {
        if (key !== 'key' && typeof node.value === 'string' && node.type && STRING_STYLES.has(node.type))
          vote(tally, node.type);
      },
    });
  return winner<string>(tally, Scalar.PLAIN) as Scalar.Type;
}

/** The values under `key` in any of `templates` (maps), in their order. */
const valuesAt = (templates: readonly unknown[], key: unknown): unknown[] =>
  templates.flatMap((t) => (isMap(t) && t.has(key) ? [t.get(key, true)] : []));

/** The values of the latest template map of the same kind as `node` (map, list or scalar). */
function siblingValues(templates: readonly unknown[], node: unknown): unknown[] {
  const kind = (value: unknown) => (isMap(value) ? 'map' : isSeq(value) ? 'seq' : 'scalar');
  const latest = templates.at(-1);
  return isMap(latest) ? latest.items.map((pair) => pair.value).filter((value) => kind(value) === kind(node)) : [];
}

/**
 * Gives `node` (newly created) the style of `templates` (existing siblings, the latest last): flow or block, quoting,
 * block scalars; a key missing from the latest sibling takes its style from an earlier one.
 */
function mirror(node: unknown, templates: readonly unknown[], quoting: Scalar.Type): void {
  const template = templates.at(-1);
  if (isScalar(node)) {
    if (typeof node.value !== 'string') return;
    const like = isScalar(template) && typeof template.value === 'string' ? template.type : undefined;
    if (node.value.includes('\n'))
      node.type = Scalar.BLOCK_LITERAL; // folding would rewrap the lines
    else if (like && STRING_STYLES.has(like)) node.type = like;
    else node.type = quoting;
    return;
  }
  if (isCollection(template)) (node as { flow?: boolean }).flow = Boolean(template.flow);
  if (isMap(node)) {
    for (const pair of node.items) {
      const key = isScalar(pair.key) ? pair.key.value : pair.key;
      const same = valuesAt(templates, key);
      // A key no sibling has yet looks like the other values of its map (a new provider like the others).
      mirror(pair.value, same.length ? same : siblingValues(templates, pair.value), quoting);
    }
  } else if (isSeq(node)) {
    const items = templates.flatMap((t) => (isSeq(t) ? t.items : []));
    for (const item of node.items) mirror(item, items, quoting);
  }
}

const options = (style: FileStyle): ToStringOptions => ({
  ...style,
  lineWidth: 0,
  minContentWidth: 0,
  defaultKeyType: Scalar.PLAIN,
});

/**
 * `value` as YAML text in the file's style, shaped like `templates` (its existing siblings: flow/block, quoting), with `wrap` deciding
 * whether it is written alone, as `key: value` or as a sequence item. Text uses LF and ends with a newline.
 */
export function renderNew(
  value: unknown,
  templates: readonly unknown[],
  style: FileStyle,
  wrap: { key: string } | 'item' | 'alone',
  inFlow = false,
): string {
  const doc = new Document(value);
  mirror(doc.contents, templates, dominantQuoting(templates.at(-1) as Node | undefined));
  if (inFlow) visit(doc, { Collection: (_k, node) => void (node.flow = true) });
  const node = doc.contents;
  if (wrap === 'alone') return doc.toString(options(style));
  const outer = wrap === 'item' ? new Document([null]) : new Document({ [wrap.key]: null }, { keepUndefined: false });
  if (isSeq(outer.contents)) outer.contents.items[0] = node;
  else if (isMap(outer.contents)) {
    const pair = outer.contents.items[0];
    if (isPair(pair)) pair.value = node;
  }
  if (inFlow && isCollection(outer.contents)) outer.contents.flow = true;
  return outer.toString(options(style));
}

// Minimal edits of YAML source text: values set, keys removed, items appended or moved, all by splicing the ranges of
// the nodes that change, so every other byte of the file (comments, quoting, layout, line endings) stays as it was.
import { isDeepStrictEqual } from './deep-equal';
import {
  isAlias,
  isMap,
  isScalar,
  isSeq,
  parseDocument,
  type Document,
  type Node,
  type Pair,
  type YAMLMap,
  type YAMLSeq,
} from 'yaml';
import { blockScalar, inlineScalar, isScalarValue } from './scalar-text';
import {
  afterLine,
  applySplices,
  column,
  indentationAt,
  isBlankLine,
  isCommentLine,
  lineContentEnd,
  lineEnding,
  lineStart,
  reindent,
  type Splice,
} from './source-text';
import { fileStyle, renderNew, type FileStyle } from './yaml-style';

export type YamlPath = readonly (string | number)[];

/** A YAML file that cannot be edited as asked (it does not parse, or the path does not lead where it should). */
export class YamlEditError extends Error {}

type Plain = Record<string, unknown>;
const isPlainObject = (value: unknown): value is Plain =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const BLOCK_TYPES = new Set(['BLOCK_LITERAL', 'BLOCK_FOLDED']);

/** One parse of the text plus everything an edit needs to write in the file's own style. */
class Editor {
  readonly doc: Document;
  readonly eol: string;
  readonly style: FileStyle;
  readonly splices: Splice[] = [];

  constructor(readonly text: string) {
    this.doc = parseDocument(text, { uniqueKeys: false });
    const error = this.doc.errors[0];
    if (error) {
      const where = error.linePos?.[0];
      throw new YamlEditError(
        `the file does not parse${where ? ` (line ${where.line}, column ${where.col})` : ''}: ${error.message.split('\n')[0]}`,
      );
    }
    this.eol = lineEnding(text);
    this.style = fileStyle(this.doc, text);
  }

  result(): string {
    return applySplices(this.text, this.splices);
  }

  private splice(from: number, to: number, text: string): void {
    this.splices.push({ from, to, text: text.replace(/\n/g, this.eol).replace(/\r\r\n/g, '\r\n') });
  }

  private js(node: unknown): unknown {
    if (node === null || node === undefined) return null;
    return (node as Node).toJS(this.doc);
  }

  /** The collection at `path`, created (as `key: value` in the nearest existing map) when missing. */
  write(path: YamlPath, value: unknown): void {
    let node: unknown = this.doc.contents;
    let inFlow = false;
    for (let depth = 0; depth < path.length; depth++) {
      const segment = path[depth]!;
      const rest = path.slice(depth + 1);
      if (isMap(node)) {
        const pair = findPair(node, segment);
        if (!pair) {
          this.insertPairs(node, [[String(segment), nest(rest, value)]], inFlow);
          return;
        }
        if (depth === path.length - 1) return this.editValue(pair, value, inFlow, node);
        node = pair.value;
      } else if (isSeq(node) && typeof segment === 'number') {
        if (segment === node.items.length) return this.appendItems(node, [nest(rest, value)], inFlow);
        if (depth === path.length - 1) return this.editItem(node, segment, value, inFlow);
        node = node.items[segment];
      } else if (node === null && depth === 0) {
        throw new YamlEditError('the file is empty; there is nothing to edit');
      } else throw new YamlEditError(`"${path.slice(0, depth + 1).join('.')}" is not there`);
      inFlow ||= isFlow(node);
    }
    if (!isMap(node) || !isPlainObject(value)) throw new YamlEditError('only a mapping can replace the whole file');
    this.mergeMap(node, value, inFlow);
  }

  remove(path: YamlPath): void {
    const parent = path.length > 1 ? this.doc.getIn(path.slice(0, -1), true) : this.doc.contents;
    const last = path.at(-1);
    if (isMap(parent)) {
      const pair = findPair(parent, last!);
      if (pair) this.deletePair(parent, pair);
    } else if (isSeq(parent) && typeof last === 'number' && last < parent.items.length) {
      this.deleteItems(parent, last, last + 1);
    }
  }

  append(path: YamlPath, values: readonly unknown[]): void {
    const node = path.length ? this.doc.getIn(path, true) : this.doc.contents;
    if (node === undefined) return this.write(path, values);
    if (!isSeq(node)) throw new YamlEditError(`"${path.join('.')}" is not a list`);
    this.appendItems(node, values, ancestorsFlow(this.doc, path));
  }

  private editValue(pair: Pair, value: unknown, inFlow: boolean, map: YAMLMap): void {
    const node = pair.value as Node | null;
    if (isDeepStrictEqual(this.js(node), value)) return;
    if (value === undefined) return this.deletePair(map, pair);
    const flow = inFlow || isFlow(node);
    if (isMap(node) && isPlainObject(value) && !isAlias(node)) return this.mergeMap(node, value, flow);
    if (isSeq(node) && Array.isArray(value)) return this.mergeSeq(node, value, flow);
    if (isScalar(node) && isScalarValue(value)) return this.replaceScalar(node, value, inFlow, pairIndent(this, pair));
    this.replacePairValue(pair, value, inFlow || Boolean(map.flow));
  }

  private editItem(seq: YAMLSeq, index: number, value: unknown, inFlow: boolean): void {
    const node = seq.items[index] as Node;
    if (isDeepStrictEqual(this.js(node), value)) return;
    const flow = inFlow || Boolean(seq.flow);
    if (isMap(node) && isPlainObject(value)) return this.mergeMap(node, value, flow || Boolean(node.flow));
    if (isSeq(node) && Array.isArray(value)) return this.mergeSeq(node, value, flow || Boolean(node.flow));
    if (isScalar(node) && isScalarValue(value) && node.range) return this.replaceScalar(node, value, flow, '  ');
    // Another kind of value: the item is written anew in the place of the old one.
    const range = node.range!;
    const end = isFlow(node) || flow ? range[1] : lineContentEnd(this.text, range[2] - 1);
    const text = renderNew(value, [node], this.style, 'alone', flow).replace(/\n$/, '');
    const indent = ' '.repeat(column(this.text, range[0]));
    this.splice(range[0], end, text.split('\n').join(`\n${indent}`));
  }

  private replaceScalar(node: Node, value: string | number | boolean | null, inFlow: boolean, indent: string): void {
    const scalar = node as unknown as { type?: string; range: [number, number, number] };
    const [from, to] = scalar.range;
    if (scalar.type && BLOCK_TYPES.has(scalar.type) && typeof value === 'string') {
      const old = this.text.slice(from, to);
      const text = blockScalar(value, old, indent, '\n');
      if (text !== null) return this.splice(from, to, old.endsWith('\n') ? text : text.replace(/\n$/, ''));
    }
    const type = scalar.type && BLOCK_TYPES.has(scalar.type) ? 'QUOTE_DOUBLE' : scalar.type;
    const text = inlineScalar(value, type as never, inFlow);
    if (from === to) return this.splice(from, to, ` ${text}`); // `key:` with nothing after the colon
    const oldBlockEnd = scalar.type && BLOCK_TYPES.has(scalar.type) && this.text[to - 1] === '\n';
    this.splice(from, oldBlockEnd ? to - this.eol.length : to, text);
  }

  /** `key: value` rewritten after the colon when the value changes kind (a string becoming a list, say). */
  private replacePairValue(pair: Pair, value: unknown, inFlow: boolean): void {
    const key = pair.key as Node;
    const node = pair.value as Node | null;
    const colon = this.text.indexOf(':', key.range![1]);
    const end = node?.range ? valueEnd(this.text, node) : colon + 1;
    if (inFlow) {
      const text = renderNew(value, [node], this.style, 'alone', true).replace(/\n$/, '');
      return this.splice(colon + 1, end, ` ${text}`);
    }
    const keyIndent = indentationAt(this.text, key.range![0]) + ' '.repeat(keyOffset(this.text, key));
    const rendered = renderNew({ k: value }, [], this.style, 'alone').replace(/\n$/, '');
    const afterKey = rendered.slice(rendered.indexOf(':') + 1);
    if (!afterKey.startsWith('\n')) return this.splice(colon + 1, end, afterKey);
    // A block collection: keep any comment on the key's line, the collection starts on the next line.
    const oneLine = node?.range && !isCollection(node);
    const removeTo = oneLine ? node.range![1] : end;
    this.splice(colon + 1, removeTo, '');
    const at = oneLine ? lineContentEnd(this.text, removeTo) : removeTo;
    this.splice(at, at, reindent(afterKey, keyIndent, '\n'));
  }

  private mergeMap(map: YAMLMap, value: Plain, inFlow: boolean): void {
    const flow = inFlow || Boolean(map.flow);
    for (const pair of map.items) {
      const key = keyOf(pair);
      if (!(key in value) || value[key] === undefined) this.deletePair(map, pair);
    }
    const added: [string, unknown][] = [];
    for (const [key, child] of Object.entries(value)) {
      if (child === undefined) continue;
      const pair = findPair(map, key);
      if (pair) this.editValue(pair, child, flow, map);
      else added.push([key, child]);
    }
    if (added.length) this.insertPairs(map, added, inFlow);
  }

  private mergeSeq(seq: YAMLSeq, value: readonly unknown[], inFlow: boolean): void {
    const common = Math.min(seq.items.length, value.length);
    for (let index = 0; index < common; index++) this.editItem(seq, index, value[index], inFlow);
    if (value.length > common) this.appendItems(seq, value.slice(common), inFlow);
    if (seq.items.length > common) this.deleteItems(seq, common, seq.items.length);
  }

  private insertPairs(map: YAMLMap, entries: readonly [string, unknown][], inFlow: boolean): void {
    // Rendered together against the map itself, so new keys take its flow or block style and its quoting.
    const rendered = renderNew(Object.fromEntries(entries), [map], this.style, 'alone', inFlow || Boolean(map.flow));
    if (map.flow || inFlow) {
      const inner = rendered.replace(/\n$/, '').replace(/^\{ ?/, '').replace(/ ?\}$/, '');
      const last = map.items.at(-1);
      if (!last) {
        const pad = this.style.flowCollectionPadding ? ' ' : '';
        return this.splice(map.range![0] + 1, map.range![1] - 1, `${pad}${inner}${pad}`);
      }
      return this.splice(flowEnd(last), flowEnd(last), `, ${inner}`);
    }
    const first = map.items[0]!.key as Node;
    const indent = indentationAt(this.text, first.range![0]) + ' '.repeat(keyOffset(this.text, first));
    this.insertLines(pairEnd(this.text, map.items.at(-1)!), reindent(rendered, indent, '\n'));
  }

  /** Removes whole lines; at the end of a file without a final newline, the line ending before them goes too. */
  private deleteLines(start: number, end: number): void {
    if (end === this.text.length && !this.text.endsWith('\n') && start > 0) {
      const before = this.text[start - 2] === '\r' ? start - 2 : start - 1;
      return this.splice(before, end, '');
    }
    this.splice(start, end, '');
  }

  /** Inserts whole lines at a line start, keeping a file without a final newline so. */
  private insertLines(at: number, lines: string): void {
    if (at === this.text.length && at > 0 && !this.text.endsWith('\n'))
      this.splice(at, at, `\n${lines.replace(/\n$/, '')}`);
    else this.splice(at, at, lines);
  }

  private deletePair(map: YAMLMap, pair: Pair): void {
    const key = pair.key as Node;
    const index = map.items.indexOf(pair);
    if (map.flow) {
      const next = map.items[index + 1];
      if (next) return this.splice(key.range![0], (next.key as Node).range![0], '');
      const previous = map.items[index - 1];
      const end = pair.value ? (pair.value as Node).range![1] : key.range![1];
      if (previous) return this.splice(flowEnd(previous), end, '');
      return this.splice(key.range![0], end, '');
    }
    const start = lineStart(this.text, key.range![0]);
    const end = pairEnd(this.text, pair);
    if (this.text.slice(start, key.range![0]).trim() === '') return this.deleteLines(start, end);
    // The first key on a `- ` line: the next key moves up onto that line.
    const next = map.items[index + 1];
    if (next) return this.splice(key.range![0], (next.key as Node).range![0], '');
    this.splice(key.range![0], lineContentEnd(this.text, end - 1), '{}');
  }

  private appendItems(seq: YAMLSeq, values: readonly unknown[], inFlow: boolean): void {
    const last = seq.items.at(-1) as Node | undefined;
    if (seq.flow || inFlow) {
      const parts = values.map((value) => renderNew(value, seq.items, this.style, 'alone', true).replace(/\n$/, ''));
      if (!last) {
        const pad = this.style.flowCollectionPadding ? ' ' : '';
        return this.splice(seq.range![0] + 1, seq.range![1] - 1, `${pad}${parts.join(', ')}${pad}`);
      }
      return this.splice(last.range![1], last.range![1], parts.map((part) => `, ${part}`).join(''));
    }
    const bounds = itemBounds(this.text, seq);
    const lastBounds = bounds.at(-1)!;
    const indent = indentationAt(this.text, dashOf(this.text, last!));
    const gap = bounds.length > 1 ? this.text.slice(bounds.at(-2)!.end, lastBounds.start) : '';
    const separator = gap
      .split('\n')
      .filter((line, index, all) => index < all.length - 1 && isBlankLine(line))
      .map(() => '\n')
      .join('');
    const dash = dashOf(this.text, last!);
    const gapAfterDash = Math.max(1, (last!.range![0] - dash - 1) | 0);
    const text = values
      .map((value) => {
        const item = withDashGap(renderNew(value, seq.items, this.style, 'item'), gapAfterDash);
        return separator + reindent(item, indent, '\n');
      })
      .join('');
    this.insertLines(lastBounds.end, text);
  }

  private deleteItems(seq: YAMLSeq, from: number, to: number): void {
    if (seq.flow) {
      const first = seq.items[from] as Node;
      const last = seq.items[to - 1] as Node;
      const start = from > 0 ? (seq.items[from - 1] as Node).range![1] : first.range![0];
      const end = from > 0 || to === seq.items.length ? last.range![1] : (seq.items[to] as Node).range![0];
      return this.splice(start, end, '');
    }
    const bounds = itemBounds(this.text, seq);
    if (from === 0 && to === seq.items.length) {
      return this.splice(bounds[0]!.start, bounds.at(-1)!.end, `${indentationAt(this.text, bounds[0]!.dash)}[]\n`);
    }
    const start = from > 0 ? bounds[from - 1]!.end : bounds[from]!.start;
    const end = from > 0 ? bounds[to - 1]!.end : bounds[to]!.start;
    this.deleteLines(start, end);
  }
}

/** A rendered `- item` with `gap` spaces after its dash (as in `-   id: a`), its other lines shifted to match. */
function withDashGap(item: string, gap: number): string {
  if (gap === 1 || !item.startsWith('- ')) return item;
  const shift = ' '.repeat(gap - 1);
  return item
    .split('\n')
    .map((line, index) => (index === 0 ? `-${' '.repeat(gap)}${line.slice(2)}` : line === '' ? '' : shift + line))
    .join('\n');
}

function isFlow(node: unknown): boolean {
  return (isMap(node) || isSeq(node)) && Boolean(node.flow);
}

const isCollection = (node: unknown): boolean => isMap(node) || isSeq(node);

function ancestorsFlow(doc: Document, path: YamlPath): boolean {
  for (let depth = 0; depth <= path.length; depth++) if (isFlow(doc.getIn(path.slice(0, depth), true))) return true;
  return false;
}

const keyOf = (pair: Pair): string => String(isScalar(pair.key) ? pair.key.value : pair.key);

function findPair(map: YAMLMap, key: string | number): Pair | undefined {
  return map.items.find((pair) => keyOf(pair) === String(key));
}

/** The value at `rest` below a key that does not exist yet: `{a: {b: value}}` for `['a', 'b']`. */
function nest(rest: YamlPath, value: unknown): unknown {
  return rest.reduceRight<unknown>((inner, key) => (typeof key === 'number' ? [inner] : { [key]: inner }), value);
}

/** Columns between the start of a key's line indentation and the key (the `- ` of a list item's first key). */
function keyOffset(text: string, key: Node): number {
  const start = lineStart(text, key.range![0]);
  const indentation = indentationAt(text, key.range![0]).length;
  return key.range![0] - start - indentation;
}

/** The indentation a block scalar's lines get below `key:`. */
function pairIndent(editor: Editor, pair: Pair): string {
  const key = pair.key as Node;
  return ' '.repeat(column(editor.text, key.range![0]) + editor.style.indent);
}

/** Where a value's own text ends: a scalar's last character, or a block collection's last line. */
function valueEnd(text: string, node: Node): number {
  if (isScalar(node) || isFlow(node) || isAlias(node)) return node.range![1];
  return lineContentEnd(text, node.range![2] - 1);
}

/** The position after the last line of a block map's pair (its value, trailing comment and line ending). */
function pairEnd(text: string, pair: Pair): number {
  const value = pair.value as Node | null;
  const end = value?.range ? value.range[2] : (pair.key as Node).range![2];
  return afterLine(text, Math.max(end, (pair.key as Node).range![1]));
}

function flowEnd(pair: Pair): number {
  return ((pair.value ?? pair.key) as Node).range![1];
}

/** The `-` of a block list item. */
function dashOf(text: string, item: Node): number {
  let at = item.range ? item.range[0] - 1 : -1;
  while (at >= 0 && /\s/.test(text[at]!)) at--;
  if (text[at] !== '-') throw new YamlEditError('a list item without its "-"');
  return at;
}

type ItemBounds = { dash: number; start: number; end: number };

/**
 * The whole lines of each block list item: from the comment lines right above its `-` to its last line. What lies
 * between two items (blank lines, comments set apart by a blank line) belongs to neither and stays in place.
 */
export function itemBounds(text: string, seq: YAMLSeq): ItemBounds[] {
  const bounds: ItemBounds[] = [];
  let floor = 0;
  for (const item of seq.items as Node[]) {
    const dash = dashOf(text, item);
    let start = lineStart(text, dash);
    while (start > floor) {
      const previous = lineStart(text, start - 1);
      const line = text.slice(previous, start);
      if (!isCommentLine(line) || isBlankLine(line)) break;
      start = previous;
    }
    const end = afterLine(text, Math.max(item.range![2], item.range![1]));
    bounds.push({ dash, start, end });
    floor = end;
  }
  return bounds;
}

/** Sets the value at `path` (a mapping's keys one by one: new keys appended, keys missing from `value` removed). */
export function setYaml(text: string, path: YamlPath, value: unknown): string {
  const editor = new Editor(text);
  editor.write(path, value);
  return editor.result();
}

/** Removes the key or list item at `path`; nothing happens when it is not there. */
export function deleteYaml(text: string, path: YamlPath): string {
  const editor = new Editor(text);
  editor.remove(path);
  return editor.result();
}

/** Appends items to the list at `path` in the style of its last item (created as a new key when missing). */
export function appendYaml(text: string, path: YamlPath, values: readonly unknown[]): string {
  if (values.length === 0) return text;
  const editor = new Editor(text);
  editor.append(path, values);
  return editor.result();
}

/** Moves the list item `from` to position `to`: the items' lines move, blank lines between items stay in place. */
export function moveYamlItem(text: string, path: YamlPath, from: number, to: number): string {
  const editor = new Editor(text);
  const seq = path.length ? editor.doc.getIn(path, true) : editor.doc.contents;
  if (!isSeq(seq)) throw new YamlEditError(`"${path.join('.')}" is not a list`);
  const count = seq.items.length;
  if (from === to || from < 0 || to < 0 || from >= count || to >= count) return text;
  const order = [...Array(count).keys()];
  order.splice(to, 0, ...order.splice(from, 1));
  if (seq.flow) {
    const items = seq.items as Node[];
    const texts = items.map((item) => text.slice(item.range![0], item.range![1]));
    return applySplices(
      text,
      items.map((item, index) => ({ from: item.range![0], to: item.range![1], text: texts[order[index]!]! })),
    );
  }
  const bounds = itemBounds(text, seq);
  const eol = lineEnding(text);
  const texts = bounds.map(({ start, end }) => {
    const item = text.slice(start, end);
    return item.endsWith('\n') ? item : item + eol; // the file's last line may have no line ending
  });
  const lastHadNone = !text.slice(bounds.at(-1)!.start, bounds.at(-1)!.end).endsWith('\n');
  const splices = bounds.map(({ start, end }, index) => {
    const moved = texts[order[index]!]!;
    return { from: start, to: end, text: index === count - 1 && lastHadNone ? moved.slice(0, -eol.length) : moved };
  });
  return applySplices(text, splices);
}

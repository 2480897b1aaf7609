// What makes a parsed YAML document unsafe to turn into values, found on its nodes with their positions: an alias to
// no anchor, an alias inside the node it names (the value would contain itself), a list or map used as a key, and a
// tag beyond YAML's core schema (`!!js/function`, `!!binary`, `!custom`), which would otherwise be dropped silently,
// lists and maps nested deeper than MAX_YAML_DEPTH, and the key `__proto__` (a JavaScript object's prototype, which a
// reader would drop or follow: never a name of the user's).
import { isAlias, isCollection, isPair, isScalar, isSeq, visit, type Document, type Node } from 'yaml';

export type StructureProblem = Readonly<{ offset: number; path: PropertyKey[]; message: string }>;

/**
 * Lists and maps nest at most this deep. The yaml parser's own stack gives out near 800 levels of flow lists (Node 20's
 * default stack), and no workspace needs a tenth of this; a deeper file is "nested too deeply", never a stack overflow.
 */
export const MAX_YAML_DEPTH = 256;
export const TOO_DEEP = `nested too deeply (limit ${MAX_YAML_DEPTH} levels of lists and maps)`;

/** Aliases may expand to at most this many nodes' worth of copies; more is an alias bomb (the yaml default). */
export const MAX_ALIAS_COUNT = 100;

const CORE_TAG = 'tag:yaml.org,2002:';
/** The tags of plain values: text, numbers, booleans, null, lists and maps. */
const CORE_TAGS = new Set(['str', 'int', 'float', 'bool', 'null', 'seq', 'map'].map((name) => CORE_TAG + name));

/** The key whose value a JavaScript object takes as its prototype. */
export const PROTO_KEY = '__proto__';

export function structureProblems(doc: Document): StructureProblem[] {
  const anchors = new Map<string, Node>();
  const problems: StructureProblem[] = [];
  visit(doc, {
    Node(_key, node, ancestry) {
      const at = (message: string) =>
        problems.push({ offset: node.range?.[0] ?? 0, path: keyPath(ancestry, node), message });
      if (isAlias(node)) {
        const target = anchors.get(node.source);
        if (!target) at(`unknown alias *${node.source}: no anchor &${node.source} is set before it`);
        else if (ancestry.includes(target))
          at(`alias *${node.source} is inside &${node.source}, the value it names: it would contain itself`);
        return;
      }
      if (isCollection(node) && ancestry.filter(isCollection).length >= MAX_YAML_DEPTH) {
        // The path to where it gets too deep, cut after its first keys: 256 indices are no help to read.
        problems.push({
          offset: node.range?.[0] ?? 0,
          path: [...keyPath(ancestry, node).slice(0, 4), '…'],
          message: TOO_DEEP,
        });
        return visit.BREAK;
      }
      if (node.anchor) anchors.set(node.anchor, node);
      if (node.tag !== undefined && !CORE_TAGS.has(node.tag))
        at(
          `YAML tag ${node.tag.replace(CORE_TAG, '!!')} is not allowed: a workspace file holds plain values (text, numbers, true/false, null, lists, maps); remove the tag`,
        );
    },
    Pair(_key, pair, ancestry) {
      // A key that is a collection, or an alias naming one (a scalar read as an object has a refused tag).
      const named = isAlias(pair.key) ? anchors.get(pair.key.source) : pair.key;
      const what = isCollection(named) ? (isSeq(named) ? 'a list' : 'a map') : undefined;
      if (what) {
        problems.push({
          offset: (pair.key as Node).range?.[0] ?? 0,
          path: keyPath(ancestry, pair),
          message: `a key must be a plain value, not ${what}`,
        });
      }
      if (isScalar(pair.key) && pair.key.value === PROTO_KEY)
        problems.push({
          offset: pair.key.range?.[0] ?? 0,
          path: keyPath(ancestry, pair),
          message: `"${PROTO_KEY}" cannot be a key: every JavaScript object has it (its prototype); choose another name`,
        });
    },
  });
  return problems;
}

/** The offset of the first alias, where an alias bomb is reported. */
export function firstAliasOffset(doc: Document): number {
  let offset = 0;
  visit(doc, {
    Alias(_key, node) {
      offset = node.range?.[0] ?? 0;
      return visit.BREAK;
    },
  });
  return offset;
}

/** The key path of `node` from its ancestry: map keys and list indexes. */
function keyPath(ancestry: readonly unknown[], node: unknown): PropertyKey[] {
  const chain = [...ancestry, node];
  const path: PropertyKey[] = [];
  for (let i = 0; i + 1 < chain.length; i++) {
    const parent = chain[i];
    const child = chain[i + 1];
    if (isSeq(parent)) path.push(parent.items.indexOf(child as never));
    else if (isPair(parent) && child === parent.value)
      path.push(isScalar(parent.key) ? String(parent.key.value) : String(parent.key));
  }
  return path;
}

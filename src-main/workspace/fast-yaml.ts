// Reads a valid YAML file fast: js-yaml builds plain values directly, with no Document of nodes and positions, about
// seven times faster than the yaml library and in a fraction of its memory. Only a file js-yaml reads exactly as the
// yaml library would is answered here; the caller parses any other with yaml, which reports each problem with its
// line and column.
import * as JsYaml from 'js-yaml';

const NULL = /^(?:~|null|Null|NULL|)$/;
const BOOL = /^(?:true|True|TRUE|false|False|FALSE)$/;
const INT = /^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$/;
const FLOAT =
  /^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$/;

function constructInt(text: string): number {
  if (text.startsWith('0o')) return parseInt(text.slice(2), 8);
  if (text.startsWith('0x')) return parseInt(text.slice(2), 16);
  return Number(text);
}

function constructFloat(text: string): number {
  if (/\.(?:nan|NaN|NAN)$/.test(text)) return NaN;
  if (/\.(?:inf|Inf|INF)$/.test(text)) return text.startsWith('-') ? -Infinity : Infinity;
  return Number(text);
}

/**
 * YAML 1.2's core schema exactly as the yaml library reads it, written out: js-yaml's own int and float also take
 * `0b101` and refuse `+.5`, which would make a file mean something else on this path than in the editor.
 */
function coreAsYamlReadsIt(): JsYaml.Schema {
  const { FAILSAFE_SCHEMA, Type } = JsYaml;
  return FAILSAFE_SCHEMA.extend({
    implicit: [
      new Type('tag:yaml.org,2002:null', {
        kind: 'scalar',
        resolve: (s: string) => NULL.test(s),
        construct: () => null,
      }),
      new Type('tag:yaml.org,2002:bool', {
        kind: 'scalar',
        resolve: (s: string) => BOOL.test(s),
        construct: (s: string) => s.toLowerCase() === 'true',
      }),
      new Type('tag:yaml.org,2002:int', {
        kind: 'scalar',
        resolve: (s: string) => INT.test(s),
        construct: constructInt,
      }),
      new Type('tag:yaml.org,2002:float', {
        kind: 'scalar',
        resolve: (s: string) => FLOAT.test(s),
        construct: constructFloat,
      }),
    ],
  });
}

let schema: JsYaml.Schema | undefined;

/**
 * A directive (`%YAML 1.1` changes what `yes` means), an explicit key (`? `), a list or map used as a key (`[a]: 1`)
 * or an alias used as a key (`*list : 1`): js-yaml would read these differently from the yaml library (it turns a
 * collection key into a string), so they are left to the positioned parse. A false alarm (such text inside a quoted string) only costs the slower parse.
 */
const READ_DIFFERENTLY = /^%|(?:^|[\s,[{])\?(?:\s|$)|[\]}][ \t]*:(?:\s|$)|(?:^|[\s,[{])\*[^\s,[\]{}]+[ \t]*:(?:\s|$)/m;

/**
 * The file's value; undefined when js-yaml refuses the file (syntax, duplicate keys, several documents, a tag), when
 * it would read it differently from the yaml library, or when it uses an alias whose value appears twice: the
 * positioned parse then applies the alias limit and cycle checks.
 */
export function readYamlFast(text: string): unknown {
  if (READ_DIFFERENTLY.test(text)) return undefined;
  schema ??= coreAsYamlReadsIt();
  let value: unknown;
  try {
    value = JsYaml.load(text, { schema });
  } catch {
    return undefined;
  }
  const mayHaveAliases = text.includes('&') && text.includes('*');
  return mayHaveAliases && reachesAnObjectTwice(value) ? undefined : value;
}

/**
 * js-yaml gives every alias the anchor's own object: an alias bomb is a small graph that a schema check walks
 * exponentially, and a self-reference is a cycle that overflows the stack. Either reaches some object twice.
 */
function reachesAnObjectTwice(root: unknown): boolean {
  const seen = new Set<object>();
  const stack = [root];
  while (stack.length > 0) {
    const value = stack.pop();
    if (value === null || typeof value !== 'object') continue;
    if (seen.has(value)) return true;
    seen.add(value);
    for (const child of Object.values(value)) stack.push(child);
  }
  return false;
}

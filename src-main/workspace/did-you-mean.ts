// "Did you mean" for workspace files: the keys and discriminator values a zod schema allows at a path.
import type { z } from 'zod';

type AnyZod = z.ZodType;
type Def = { type: string; [key: string]: unknown };
/** A schema's definition through zod's public `def` (classic schemas), read as a plain record of its parts. */
const defOf = (schema: AnyZod): Def => schema.def as Def;

/** The object keys a schema accepts at `path` (numbers step into arrays); empty when the path is not an object. */
export function knownKeysAt(schema: AnyZod, path: readonly PropertyKey[]): string[] {
  const keys = new Set<string>();
  for (const leaf of objectsAt(schema, path)) {
    for (const key of Object.keys(defOf(leaf).shape as object)) keys.add(key);
  }
  return [...keys];
}

/** The literal values a discriminated union at `path` accepts for `key` (e.g. every rubric check kind). */
export function discriminatorValues(schema: AnyZod, path: readonly PropertyKey[], key: string): string[] {
  const values = objectsAt(schema, path).flatMap((leaf) => {
    const field = (defOf(leaf).shape as Record<string, AnyZod>)[key];
    return field && defOf(field).type === 'literal' ? (defOf(field).values as unknown[]) : [];
  });
  return [...new Set(values.map(String))];
}

function objectsAt(schema: AnyZod, path: readonly PropertyKey[]): AnyZod[] {
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
      return objectsAt(def.innerType as AnyZod, path);
    case 'pipe':
      return objectsAt(def.in as AnyZod, path);
    case 'lazy':
      return objectsAt((def.getter as () => AnyZod)(), path);
    case 'union':
      return (def.options as AnyZod[]).flatMap((option) => objectsAt(option, path));
    case 'array':
      return path.length > 0 && typeof path[0] === 'number' ? objectsAt(def.element as AnyZod, path.slice(1)) : [];
    case 'record':
      return path.length > 0 ? objectsAt(def.valueType as AnyZod, path.slice(1)) : [];
    case 'object': {
      if (path.length === 0) return [schema];
      const child = (def.shape as Record<string, AnyZod>)[String(path[0])];
      return child ? objectsAt(child, path.slice(1)) : [];
    }
    default:
      return [];
  }
}

/** An object form's literal fields ("kind: command"), which tell it from the other forms of a union. */
function literalsOf(form: AnyZod): [string, string][] {
  return Object.entries(defOf(form).shape as Record<string, AnyZod>).flatMap(([key, field]) =>
    defOf(field).type === 'literal' ? [[key, (defOf(field).values as unknown[]).map(String).join(' or ')]] : [],
  );
}

const formName = (form: AnyZod) => {
  const literals = literalsOf(form);
  return literals.length > 0
    ? literals.map(([key, value]) => `${key}: ${value}`).join(', ')
    : `the form with ${Object.keys(defOf(form).shape as object).join(', ')}`;
};

/**
 * A key that another form of a union at `path` takes, in words: which form takes it, and what the entry's own form
 * (the one whose literal fields `entry` matches) takes. "key "run" belongs to kind: command; kind: format takes …".
 */
export function otherFormKey(schema: AnyZod, path: readonly PropertyKey[], key: string, entry: unknown): string {
  const forms = objectsAt(schema, path);
  const owners = forms.filter((form) => key in (defOf(form).shape as object));
  const fields = typeof entry === 'object' && entry !== null ? (entry as Record<string, unknown>) : {};
  const keysOf = (form: AnyZod) => Object.keys(defOf(form).shape as object);
  const byLiterals = forms.find((form) => {
    const literals = literalsOf(form);
    return literals.length > 0 && literals.every(([name, value]) => value.split(' or ').includes(String(fields[name])));
  });
  // Forms told apart by their keys alone: the entry's own is the one that takes all its other keys.
  const byKeys = forms.find(
    (form) =>
      !owners.includes(form) && Object.keys(fields).every((name) => name === key || keysOf(form).includes(name)),
  );
  const where = `key "${key}" belongs to another form of this entry (${owners.map(formName).join('; ')})`;
  if (byLiterals) return `${where}; ${formName(byLiterals)} takes ${keysOf(byLiterals).join(', ')}`;
  return byKeys ? `${where}; this one takes ${keysOf(byKeys).join(', ')}` : where;
}

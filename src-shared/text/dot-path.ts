// Dot paths (`a.b.0.c`) into plain JSON values: state_check results and target_match sources.

/** Follows `a.b.0.c` through objects and arrays; '' is the whole value; undefined when a step is missing. */
export function dotPath(value: unknown, path: string): unknown {
  if (path === '') return value;
  let current = value;
  for (const step of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    if (!Object.hasOwn(current, step)) return undefined;
    current = (current as Record<string, unknown>)[step];
  }
  return current;
}

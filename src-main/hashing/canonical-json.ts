// Canonical JSON (keys sorted at every depth, undefined dropped) and its sha256: what makes equal requests, questions
// and run identities hash equally, for the cassette, the question history, the run's identity and shard bundles.
import { createHash } from 'node:crypto';

/** JSON with object keys sorted at every depth and undefined members dropped, so equal requests serialise equally. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, member: unknown) => {
    if (typeof member !== 'object' || member === null || Array.isArray(member)) return member;
    const sorted: Record<string, unknown> = {};
    for (const key of Object.keys(member).sort()) sorted[key] = (member as Record<string, unknown>)[key];
    return sorted;
  });
}

/**
 * sha256 of `canonicalJson(value)`, fed to the hash member by member (and a top-level array member item by item):
 * a 100,000-question dataset never becomes one string of many megabytes.
 */
export function canonicalJsonSha256(value: unknown): string {
  const hash = createHash('sha256');
  const streamable = typeof value === 'object' && value !== null && !Array.isArray(value);
  if (!streamable) return hash.update(canonicalJson(value) ?? '').digest('hex');
  hash.update('{');
  let first = true;
  for (const key of Object.keys(value).sort()) {
    const member: unknown = (value as Record<string, unknown>)[key];
    if (member === undefined || typeof member === 'function' || typeof member === 'symbol') continue;
    hash.update(`${first ? '' : ','}${JSON.stringify(key)}:`);
    first = false;
    if (!Array.isArray(member)) {
      hash.update(canonicalJson(member));
      continue;
    }
    hash.update('[');
    member.forEach((item, index) => hash.update(`${index ? ',' : ''}${canonicalJson(item) ?? 'null'}`));
    hash.update(']');
  }
  return hash.update('}').digest('hex');
}

// Canonical JSON and its streamed sha256.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { canonicalJson, canonicalJsonSha256 } from '../../../src-main/hashing/canonical-json';
import { EXAMPLE_DIR } from '../../support/workspace';

describe('canonicalJson', () => {
  it('sorts keys at every depth, keeps array order and drops undefined members', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, 1], c: undefined } })).toBe('{"a":{"d":[2,1]},"b":1}');
  });
});

describe('canonicalJsonSha256', () => {
  const sha = (text: string) => createHash('sha256').update(text).digest('hex');

  it('equals the sha256 of canonicalJson for a dataset and for awkward members', () => {
    const example: unknown = parse(readFileSync(join(EXAMPLE_DIR, 'datasets/helpdesk.yaml'), 'utf8'));
    const awkward = { z: [undefined, { b: 2, a: [1, [2]] }], a: undefined, m: 'x', n: null, e: [], o: {} };
    for (const value of [example, awkward, {}, [3, { b: 1, a: 2 }], 'text', 7, null])
      expect(canonicalJsonSha256(value)).toBe(sha(canonicalJson(value) ?? ''));
  });
});

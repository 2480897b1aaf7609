// Canonical JSON and the request hash of cassettes.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { canonicalJson, canonicalJsonSha256, requestHash } from '../../../../src-main/engine/providers/cassette';
import { EXAMPLE_DIR } from '../../../support/workspace';

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

describe('requestHash', () => {
  it('is a sha256 hex digest that ignores key order and absent optionals', () => {
    const hash = requestHash({ model: 'm', messages: [{ role: 'user', content: 'hi' }] });
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(requestHash({ json: false, tools: [], messages: [{ content: 'hi', role: 'user' }], model: 'm' })).toBe(hash);
    expect(requestHash({ model: 'n', messages: [{ role: 'user', content: 'hi' }] })).not.toBe(hash);
  });
});

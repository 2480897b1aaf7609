// Canonical JSON and the request hash of cassettes.
import { describe, expect, it } from 'vitest';
import { canonicalJson, requestHash } from '../../../../src-main/engine/providers/cassette';

describe('canonicalJson', () => {
  it('sorts keys at every depth, keeps array order and drops undefined members', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, 1], c: undefined } })).toBe('{"a":{"d":[2,1]},"b":1}');
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

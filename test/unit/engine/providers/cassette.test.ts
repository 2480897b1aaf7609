// The request hash of cassettes.
import { describe, expect, it } from 'vitest';
import { requestHash } from '../../../../src-main/engine/providers/cassette';

describe('requestHash', () => {
  it('is a sha256 hex digest that ignores key order and absent optionals', () => {
    const hash = requestHash({ model: 'm', messages: [{ role: 'user', content: 'hi' }] });
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(requestHash({ json: false, tools: [], messages: [{ content: 'hi', role: 'user' }], model: 'm' })).toBe(hash);
    expect(requestHash({ model: 'n', messages: [{ role: 'user', content: 'hi' }] })).not.toBe(hash);
  });
});

import { describe, expect, it } from 'vitest';
import { environmentSecrets } from '../../../src-main/app/secrets';
import { RpcError } from '../../../src-shared/rpc/wire';

describe('environmentSecrets', () => {
  it('reads the environment and refuses to store, naming the variable to set', () => {
    const store = environmentSecrets({ OPENAI_API_KEY: 'sk-env', EMPTY: '' });
    expect(store.kind).toBe('environment');
    expect(store.get('OPENAI_API_KEY')).toBe('sk-env');
    expect(store.has('EMPTY')).toBe(false);
    expect(store.get('EMPTY')).toBeUndefined();
    expect(store.boundTo('OPENAI_API_KEY')).toBeUndefined();
    expect(() => store.set('OPENAI_API_KEY', 'sk-new', 'https://api.openai.com/v1')).toThrow(RpcError);
    expect(() => store.set('OPENAI_API_KEY', 'sk-new', 'https://api.openai.com/v1')).toThrow(
      'set OPENAI_API_KEY in the environment of `ai-eval serve`',
    );
    expect(() => store.delete('ANTHROPIC_API_KEY')).toThrow(
      'set ANTHROPIC_API_KEY in the environment of `ai-eval serve`',
    );
  });
});

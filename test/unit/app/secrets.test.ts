import { describe, expect, it } from 'vitest';
import { environmentSecrets, keySource, providerEnv, redactKey } from '../../../src-main/app/secrets';
import { RpcError } from '../../../src-shared/rpc/wire';
import { memoryKeychain } from './memory-keychain';

describe('environmentSecrets', () => {
  it('reads the environment and refuses to store, naming the variable to set', () => {
    const store = environmentSecrets({ OPENAI_API_KEY: 'sk-env', EMPTY: '' });
    expect(store.kind).toBe('environment');
    expect(store.get('OPENAI_API_KEY')).toBe('sk-env');
    expect(store.has('EMPTY')).toBe(false);
    expect(store.get('EMPTY')).toBeUndefined();
    expect(() => store.set('OPENAI_API_KEY', 'sk-new')).toThrow(RpcError);
    expect(() => store.set('OPENAI_API_KEY', 'sk-new')).toThrow(
      'set OPENAI_API_KEY in the environment of `ai-eval serve`',
    );
    expect(() => store.delete('ANTHROPIC_API_KEY')).toThrow(
      'set ANTHROPIC_API_KEY in the environment of `ai-eval serve`',
    );
  });
});

describe('keySource and providerEnv', () => {
  it('prefers a key stored in the keychain over the environment', () => {
    const keychain = memoryKeychain({ OPENAI_API_KEY: 'sk-stored' });
    const env = { OPENAI_API_KEY: 'sk-env', ANTHROPIC_API_KEY: 'sk-ant-env' };
    expect(keySource('OPENAI_API_KEY', keychain, env)).toBe('keychain');
    expect(keySource('ANTHROPIC_API_KEY', keychain, env)).toBe('environment');
    expect(keySource('MISSING', keychain, env)).toBeNull();
    const merged = providerEnv(keychain, env, ['OPENAI_API_KEY', 'ANTHROPIC_API_KEY']);
    expect(merged.OPENAI_API_KEY).toBe('sk-stored');
    expect(merged.ANTHROPIC_API_KEY).toBe('sk-ant-env');
    expect(env.OPENAI_API_KEY).toBe('sk-env');
  });

  it('with the environment store, the environment is the only source', () => {
    const env = { OPENAI_API_KEY: 'sk-env' };
    const store = environmentSecrets(env);
    expect(keySource('OPENAI_API_KEY', store, env)).toBe('environment');
    expect(providerEnv(store, env, ['OPENAI_API_KEY'])).toEqual(env);
  });
});

describe('redactKey', () => {
  it('replaces every occurrence of the key and leaves other text alone', () => {
    expect(redactKey('bad key sk-secret-123 (sk-secret-123)', 'sk-secret-123')).toBe('bad key (key) ((key))');
    expect(redactKey('no key here', undefined)).toBe('no key here');
  });
});

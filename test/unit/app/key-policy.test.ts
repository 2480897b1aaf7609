import { describe, expect, it } from 'vitest';
import { connectionEnv, resolveKey, userKeyVariable, type Keyring } from '../../../src-main/app/key-policy';
import { environmentSecrets, type SecretStore } from '../../../src-main/app/secrets';
import { ProviderConfigError } from '../../../src-main/engine/providers/connection-errors';
import { memoryKeychain } from './memory-keychain';

const ADDRESS = 'http://127.0.0.1:9/v1';
const env = { OPENAI_API_KEY: 'sk-env', AWS_SECRET_ACCESS_KEY: 'aws-secret', AIEVAL_KEY_MY_CLOUD: 'sk-user' };
const keychain = () => memoryKeychain({ OPENAI_API_KEY: 'sk-stored' }, { OPENAI_API_KEY: ADDRESS });
const ring = (trusted: boolean, secrets: SecretStore = keychain()): Keyring => ({ secrets, env, trusted });

describe('resolveKey', () => {
  it('trusted: the keychain, else the named variable, else AIEVAL_KEY_<PROVIDER>', () => {
    expect(resolveKey(ring(true), 'p', 'OPENAI_API_KEY', 'http://elsewhere')).toEqual({
      key: 'sk-stored',
      source: 'keychain',
    });
    expect(resolveKey(ring(true), 'p', 'AWS_SECRET_ACCESS_KEY', ADDRESS)).toEqual({
      key: 'aws-secret',
      source: 'environment',
    });
    expect(resolveKey(ring(true), 'my-cloud', 'UNSET', ADDRESS)).toEqual({ key: 'sk-user', source: 'environment' });
    expect(resolveKey(ring(true), 'p', 'UNSET', ADDRESS)).toEqual({ key: undefined, source: null });
  });

  it('untrusted: never the variable the file names; a stored key only for the address it was stored for', () => {
    expect(resolveKey(ring(false), 'p', 'AWS_SECRET_ACCESS_KEY', ADDRESS).key).toBeUndefined();
    expect(resolveKey(ring(false, environmentSecrets(env)), 'p', 'OPENAI_API_KEY', ADDRESS).key).toBeUndefined();
    expect(resolveKey(ring(false), 'p', 'OPENAI_API_KEY', ADDRESS)).toEqual({ key: 'sk-stored', source: 'keychain' });
    expect(resolveKey(ring(false), 'p', 'OPENAI_API_KEY', 'http://127.0.0.1:10/v1').key).toBeUndefined();
    expect(resolveKey(ring(false), 'my-cloud', 'AWS_SECRET_ACCESS_KEY', ADDRESS)).toEqual({
      key: 'sk-user',
      source: 'environment',
    });
  });

  it('a key stored before bindings existed is not given to an untrusted workspace', () => {
    const unbound = memoryKeychain({ OPENAI_API_KEY: 'sk-stored' });
    expect(resolveKey(ring(false, unbound), 'p', 'OPENAI_API_KEY', ADDRESS).key).toBeUndefined();
  });
});

describe('connectionEnv', () => {
  const config = { kind: 'openai' as const, base_url: ADDRESS, api_key_env: 'AWS_SECRET_ACCESS_KEY' };

  it('holds only the connection’s own key', () => {
    expect(connectionEnv(ring(true), 'p', config, 'AWS_SECRET_ACCESS_KEY', ADDRESS)).toEqual({
      AWS_SECRET_ACCESS_KEY: 'aws-secret',
    });
    expect(connectionEnv(ring(false), 'p', config, undefined, ADDRESS)).toEqual({});
  });

  it('refuses a withheld key naming `ai-eval trust` and AIEVAL_KEY_<PROVIDER>', () => {
    const build = () => connectionEnv(ring(false), 'attacker', config, 'AWS_SECRET_ACCESS_KEY', ADDRESS);
    expect(build).toThrow(ProviderConfigError);
    expect(build).toThrow(/untrusted workspace.*AWS_SECRET_ACCESS_KEY.*`ai-eval trust`.*AIEVAL_KEY_ATTACKER/);
  });

  it('names the user variable in upper case with non-alphanumerics as underscores', () => {
    expect(userKeyVariable('my-cloud.eu')).toBe('AIEVAL_KEY_MY_CLOUD_EU');
  });
});

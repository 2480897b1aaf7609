import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SafeStorageSecretStore, type SafeStorageLike } from '../../../src-main/electron/secret-store';

/** A reversible stand-in for safeStorage: the plaintext never appears in what it returns. */
function fakeSafeStorage(backend = 'gnome_libsecret', available = true): SafeStorageLike {
  const flip = (text: string) => [...text].reverse().join('');
  return {
    isEncryptionAvailable: () => available,
    encryptString: (plain) => Buffer.from(`enc:${flip(plain)}`),
    decryptString: (encrypted) => flip(encrypted.toString().replace(/^enc:/, '')),
    getSelectedStorageBackend: () => backend,
  };
}

const dir = () => mkdtempSync(join(tmpdir(), 'aieval-secrets-'));

describe('SafeStorageSecretStore', () => {
  it('stores keys encrypted in a user-only file and reads them back', () => {
    const userData = dir();
    const store = new SafeStorageSecretStore(userData, fakeSafeStorage(), 'linux');
    expect(store.kind).toBe('keychain');
    expect(store.has('OPENAI_API_KEY')).toBe(false);
    store.set('OPENAI_API_KEY', 'sk-very-secret', 'https://api.openai.com/v1');
    expect(store.has('OPENAI_API_KEY')).toBe(true);
    expect(new SafeStorageSecretStore(userData, fakeSafeStorage(), 'linux').boundTo('OPENAI_API_KEY')).toBe(
      'https://api.openai.com/v1',
    );
    expect(new SafeStorageSecretStore(userData, fakeSafeStorage(), 'linux').get('OPENAI_API_KEY')).toBe(
      'sk-very-secret',
    );
    const file = join(userData, 'secrets.json');
    expect(readFileSync(file, 'utf8')).not.toContain('sk-very-secret');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    store.delete('OPENAI_API_KEY');
    expect(store.has('OPENAI_API_KEY')).toBe(false);
    expect(store.boundTo('OPENAI_API_KEY')).toBeUndefined();
    expect(store.get('OPENAI_API_KEY')).toBeUndefined();
  });

  it('refuses to store a key when Linux has no keychain (basic_text) or encryption is unavailable', () => {
    expect(() =>
      new SafeStorageSecretStore(dir(), fakeSafeStorage('basic_text'), 'linux').set('K', 'v', 'http://127.0.0.1:1'),
    ).toThrow('No OS keychain is available to encrypt K');
    expect(() =>
      new SafeStorageSecretStore(dir(), fakeSafeStorage('unknown', false), 'darwin').set(
        'K',
        'v',
        'http://127.0.0.1:1',
      ),
    ).toThrow('set K in the environment instead');
  });

  it('says which key cannot be decrypted, and where', () => {
    const userData = dir();
    new SafeStorageSecretStore(userData, fakeSafeStorage(), 'darwin').set('K', 'v', 'http://127.0.0.1:1');
    const broken = {
      ...fakeSafeStorage(),
      decryptString: () => {
        throw new Error('bad MAC');
      },
    };
    expect(() => new SafeStorageSecretStore(userData, broken, 'darwin').get('K')).toThrow(
      /stored K in .*secrets\.json cannot be decrypted.*bad MAC/,
    );
  });
});

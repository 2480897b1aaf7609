// The desktop app's SecretStore: keys encrypted with Electron safeStorage (the OS keychain) into a file under userData.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { RpcError } from '../../src-shared/rpc/wire';
import type { SecretStore } from '../app/secrets';

/** The part of Electron's `safeStorage` this store uses; main.ts passes the real one, tests a fake. */
export type SafeStorageLike = Readonly<{
  isEncryptionAvailable(): boolean;
  encryptString(plainText: string): Buffer;
  decryptString(encrypted: Buffer): string;
  /** Linux only: 'basic_text' means no keychain was found and the "encryption" uses a hard-coded password. */
  getSelectedStorageBackend?(): string;
}>;

/** `bindings`: the address each key was stored for (docs/security.md: an untrusted workspace gets a key only for it). */
type SecretsFile = { version: 1; keys: Record<string, string>; bindings: Record<string, string> };

export class SafeStorageSecretStore implements SecretStore {
  readonly kind = 'keychain';
  private readonly file: string;

  constructor(
    userDataDir: string,
    private readonly safeStorage: SafeStorageLike,
    private readonly platform: NodeJS.Platform = process.platform,
  ) {
    this.file = join(userDataDir, 'secrets.json');
  }

  has(name: string): boolean {
    return Object.hasOwn(this.read().keys, name);
  }

  get(name: string): string | undefined {
    const keys = this.read().keys;
    const stored = Object.hasOwn(keys, name) ? keys[name] : undefined;
    if (stored === undefined) return undefined;
    try {
      return this.safeStorage.decryptString(Buffer.from(stored, 'base64'));
    } catch (error) {
      throw new RpcError(
        'unavailable',
        `The stored ${name} in ${this.file} cannot be decrypted (the OS keychain changed?); store the key again: ${(error as Error).message}`,
      );
    }
  }

  boundTo(name: string): string | undefined {
    const { bindings } = this.read();
    return Object.hasOwn(bindings, name) ? bindings[name] : undefined;
  }

  set(name: string, value: string, boundTo: string): void {
    this.refuseWithoutKeychain(name);
    const contents = this.read();
    contents.keys[name] = this.safeStorage.encryptString(value).toString('base64');
    contents.bindings[name] = boundTo;
    this.write(contents);
  }

  delete(name: string): void {
    const contents = this.read();
    if (!Object.hasOwn(contents.keys, name)) return;
    delete contents.keys[name];
    delete contents.bindings[name];
    this.write(contents);
  }

  /** Storing a key "encrypted" with a hard-coded password would only pretend to protect it: say so and point to the environment. */
  private refuseWithoutKeychain(name: string): void {
    const backend = this.platform === 'linux' ? this.safeStorage.getSelectedStorageBackend?.() : undefined;
    if (!this.safeStorage.isEncryptionAvailable() || backend === 'basic_text') {
      throw new RpcError(
        'unavailable',
        `No OS keychain is available to encrypt ${name} (install gnome-keyring or KWallet), so it is not stored; set ${name} in the environment instead.`,
      );
    }
  }

  private read(): SecretsFile {
    if (!existsSync(this.file)) return { version: 1, keys: {}, bindings: {} };
    const parsed = JSON.parse(readFileSync(this.file, 'utf8')) as Partial<SecretsFile>;
    return { version: 1, keys: { ...(parsed.keys ?? {}) }, bindings: { ...(parsed.bindings ?? {}) } };
  }

  /** Temp file + rename, readable by the user only: a crash never leaves a half-written file. */
  private write(contents: SecretsFile): void {
    mkdirSync(dirname(this.file), { recursive: true });
    const temp = `${this.file}.${process.pid}.tmp`;
    writeFileSync(temp, JSON.stringify(contents, null, 2), { mode: 0o600 });
    renameSync(temp, this.file);
  }
}

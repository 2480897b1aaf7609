// Test helper: an in-memory keychain SecretStore, standing in for the Electron store.
import type { SecretStore } from '../../../src-main/app/secrets';

export function memoryKeychain(
  initial: Record<string, string> = {},
): SecretStore & { entries: Record<string, string> } {
  const entries = { ...initial };
  return {
    kind: 'keychain',
    entries,
    get: (name) => entries[name],
    has: (name) => name in entries,
    set: (name, value) => void (entries[name] = value),
    delete: (name) => void delete entries[name],
  };
}

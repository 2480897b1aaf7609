// Test helper: an in-memory keychain SecretStore, standing in for the Electron store.
import type { SecretStore } from '../../../src-main/app/secrets';

export function memoryKeychain(
  initial: Record<string, string> = {},
  bindings: Record<string, string> = {},
): SecretStore & { entries: Record<string, string>; bindings: Record<string, string> } {
  const entries = { ...initial };
  const bound = { ...bindings };
  return {
    kind: 'keychain',
    entries,
    bindings: bound,
    get: (name) => entries[name],
    has: (name) => name in entries,
    boundTo: (name) => bound[name],
    set: (name, value, boundTo) => {
      entries[name] = value;
      bound[name] = boundTo;
    },
    delete: (name) => {
      delete entries[name];
      delete bound[name];
    },
  };
}

import { describe, expect, it } from 'vitest';
import { locateStore, type StoreSettings } from '../../../src-main/app/store-location';
import { memoryKeychain } from './memory-keychain';

const URL = 'postgresql://ci@db.example:5433/evals?sslmode=verify-full';
const settings = (over: Partial<StoreSettings> = {}): StoreSettings => ({
  env: {},
  setting: '',
  secrets: undefined,
  ...over,
});
const project = { project: 'team-a' };
const message = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('no error');
};

describe('locateStore: one setting in every shell', () => {
  it("is the workspace's own SQLite store when nothing is set, or when --store sqlite says so", () => {
    expect(locateStore(settings(), project)).toEqual({ kind: 'sqlite' });
    expect(locateStore(settings({ flag: 'sqlite', env: { AIEVAL_STORE_URL: URL } }), project)).toEqual({
      kind: 'sqlite',
    });
  });

  it('takes --store over AIEVAL_STORE_URL over the app setting, with the password from the environment first', () => {
    const flag = locateStore(
      settings({
        flag: URL,
        env: { AIEVAL_STORE_URL: 'postgresql://env@h/db', AIEVAL_STORE_PASSWORD: 'p1' },
        setting: 'postgresql://app@h/db',
        secrets: memoryKeychain({ AIEVAL_STORE_PASSWORD: 'p2' }),
      }),
      project,
    );
    expect(flag).toMatchObject({ kind: 'postgres', source: 'flag', password: 'p1', passwordSource: 'environment' });
    expect(flag.kind === 'postgres' && flag.url).toMatchObject({ user: 'ci', port: 5433, sslMode: 'verify-full' });
    const app = locateStore(
      settings({ setting: 'postgresql://app@h/db', secrets: memoryKeychain({ AIEVAL_STORE_PASSWORD: 'p2' }) }),
      project,
    );
    expect(app).toMatchObject({ source: 'settings', password: 'p2', passwordSource: 'keychain', project: 'team-a' });
  });

  it('refuses, naming where it was set: no project id, not a postgresql URL, a password in the settings file', () => {
    expect(message(() => locateStore(settings({ env: { AIEVAL_STORE_URL: URL } }), {}))).toBe(
      `a team store keeps each workspace's data by its project id: add "project: <id>" to aieval.yaml (AIEVAL_STORE_URL names ${URL})`,
    );
    expect(message(() => locateStore(settings({ flag: 'mysql://x:secret@h/db' }), project))).toBe(
      '--store must be a postgresql:// URL (or "sqlite" for the workspace\'s own store): mysql://x:***@h/db',
    );
    const stored = message(() => locateStore(settings({ setting: 'postgresql://app:hunter2@h/db' }), project));
    expect(stored).toContain("the app's store setting holds a password, in a file on disk");
    expect(stored).not.toContain('hunter2');
  });
});

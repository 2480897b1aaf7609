import { copyFileSync, existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { openDb } from '../../../src-main/store/db';
import {
  electronBindingCandidates,
  MissingNativeBindingError,
  nativeBinding,
  nodeBindingCandidate,
} from '../../../src-main/store/native-binding';

const ELECTRON = { electron: '45.5.0', modules: '150' };
/** An app root with nothing in it: no build is ever found there. */
const NOWHERE = join(tmpdir(), 'aieval-no-such-app');
const NODE_BUILD = createRequire(import.meta.url).resolve('better-sqlite3/build/Release/better_sqlite3.node');

/** An app root holding a build at the candidate of the given index. */
function appRootWithBuildAt(index: number, abi: string): { root: string; build: string } {
  const root = mkdtempSync(join(tmpdir(), 'aieval-binding-'));
  const build = electronBindingCandidates(root, abi)[index]!;
  mkdirSync(dirname(build), { recursive: true });
  copyFileSync(NODE_BUILD, build);
  return { root, build };
}

describe('the better-sqlite3 binary per runtime', () => {
  it('under Node keeps better-sqlite3’s own build (no option) unless its ABI has one in the cache, never Electron’s', () => {
    const looked: string[] = [];
    const missing = nativeBinding(
      { modules: '137' },
      () => NOWHERE,
      (path) => (looked.push(path), false),
    );
    expect(missing).toBeUndefined();
    expect(looked).toEqual([nodeBindingCandidate(NOWHERE, '137')]);
    expect(looked[0]).toBe(join(NOWHERE, 'node_modules', '.cache', 'ai-eval', 'node-137', 'better_sqlite3.node'));
    const present = nativeBinding(
      { modules: '137' },
      () => NOWHERE,
      () => true,
    );
    expect(present).toBe(looked[0]);
    // This test process is Node: its own ABI's cached build when CI's lane made one, else the package's.
    const own = nodeBindingCandidate(join(import.meta.dirname, '..', '..', '..'), process.versions.modules);
    expect(nativeBinding()).toBe(existsSync(own) ? own : undefined);
  });

  it('under Electron picks the build for its ABI in the checkout’s cache folder', () => {
    const { root, build } = appRootWithBuildAt(1, '150');
    expect(build).toBe(join(root, 'node_modules', '.cache', 'ai-eval', 'electron-150', 'better_sqlite3.node'));
    expect(nativeBinding(ELECTRON, () => root)).toBe(build);
  });

  it('a packaged app’s own build (resources/native) comes first', () => {
    const { root, build } = appRootWithBuildAt(0, '150');
    mkdirSync(join(root, 'node_modules', '.cache', 'ai-eval', 'electron-150'), { recursive: true });
    copyFileSync(NODE_BUILD, join(root, 'node_modules', '.cache', 'ai-eval', 'electron-150', 'better_sqlite3.node'));
    expect(build).toBe(join(root, 'native', 'electron-150', 'better_sqlite3.node'));
    expect(nativeBinding(ELECTRON, () => root)).toBe(build);
  });

  it('a build for another ABI is not taken', () => {
    const { root } = appRootWithBuildAt(1, '140');
    expect(() => nativeBinding(ELECTRON, () => root)).toThrow(MissingNativeBindingError);
  });

  it('a missing build fails with a message naming where it looked and the step that prepares it', () => {
    const root = mkdtempSync(join(tmpdir(), 'aieval-binding-'));
    expect(() => nativeBinding(ELECTRON, () => root)).toThrow(
      `better-sqlite3 has no build for Electron 45.5.0 (ABI 150); looked for ${join(root, 'native', 'electron-150', 'better_sqlite3.node')} and ${join(root, 'node_modules', '.cache', 'ai-eval', 'electron-150', 'better_sqlite3.node')}. Run \`npm start\` once (it prepares it with scripts/electron-native.js), or \`npm run dist\` for a package.`,
    );
  });

  it('better-sqlite3 loads the chosen file, not its own build', () => {
    const { root, build } = appRootWithBuildAt(1, '150');
    writeFileSync(build, 'not a shared library');
    expect(() => new Database(':memory:', { nativeBinding: nativeBinding(ELECTRON, () => root) })).toThrow(build);
  });

  it('the store asks for it: openDb under a (simulated) Electron without its build fails with that message', () => {
    const saved = { electron: process.versions.electron, modules: process.versions.modules };
    const set = (key: 'electron' | 'modules', value: string | undefined) =>
      value === undefined
        ? Reflect.deleteProperty(process.versions, key)
        : Object.defineProperty(process.versions, key, { value, configurable: true, enumerable: true });
    set('electron', '45.5.0');
    set('modules', '9999');
    try {
      expect(() => openDb(':memory:')).toThrow(/no build for Electron 45\.5\.0 \(ABI 9999\).*Run `npm start` once/);
    } finally {
      set('electron', saved.electron);
      set('modules', saved.modules);
    }
    expect('electron' in process.versions).toBe(false);
    openDb(':memory:').close();
  });
});

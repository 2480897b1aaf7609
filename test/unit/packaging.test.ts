import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { electronBindingCandidates } from '../../src-main/store/native-binding';

describe('desktop packaging', () => {
  it('electron-builder.yml matches electron-builder’s own schema and ships the runtime resources', () => {
    const schema = JSON.parse(readFileSync('node_modules/app-builder-lib/scheme.json', 'utf8')) as object;
    const config = parse(readFileSync('electron-builder.yml', 'utf8')) as {
      extraResources: { from: string; to: string }[];
      linux: { target: string[] };
      mac: { target: string[] };
      win: { target: string[] };
    };
    const validate = new Ajv({ strict: false, allErrors: true }).compile(schema);
    expect(validate(config), JSON.stringify(validate.errors)).toBe(true);
    expect(config.extraResources).toContainEqual({ from: 'resources', to: 'resources' });
    expect([config.linux.target, config.mac.target, config.win.target].every((targets) => targets.length > 0)).toBe(
      true,
    );
    for (const needed of ['example/aieval.yaml', 'schemas/dataset.schema.json', 'judge-templates'])
      expect(existsSync(`resources/${needed}`)).toBe(true);
  }, 60_000); // compiling electron-builder's schema takes seconds on a busy machine

  it('npm run dist never rebuilds node_modules in place, and ships the Electron build where the store looks', () => {
    const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts;
    const config = parse(readFileSync('electron-builder.yml', 'utf8')) as {
      npmRebuild: boolean;
      extraResources: { from: string; to: string }[];
    };
    expect(scripts.dist).not.toMatch(/install-app-deps|electron-rebuild|npm rebuild/);
    expect(scripts.dist).toContain('scripts/electron-native.ts --stage out/native');
    expect(config.npmRebuild).toBe(false);
    expect(config.extraResources).toContainEqual({ from: 'out/native', to: 'native' });
    // A packaged app's root is process.resourcesPath: <resources>/native/electron-<abi>/ is the first place looked.
    expect(electronBindingCandidates('app', '150')[0]).toBe(
      join('app', 'native', 'electron-150', 'better_sqlite3.node'),
    );
  });
});

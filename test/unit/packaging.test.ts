import { existsSync, readFileSync } from 'node:fs';
import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

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
  });
});

// Test helper: a copy of a hostile workspace under test/fixtures/hostile, its provider pointed at `url` when given.
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const HOSTILE_DIR = join(import.meta.dirname, '..', 'fixtures', 'hostile');

/** The committed placeholder address every hostile workspace's provider uses. */
const PLACEHOLDER = 'http://127.0.0.1:1';

export function copyHostile(name: string, url?: string): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'aieval-hostile-')), name);
  cpSync(join(HOSTILE_DIR, name), dir, { recursive: true });
  if (url) {
    const config = join(dir, 'aieval.yaml');
    writeFileSync(config, readFileSync(config, 'utf8').replaceAll(PLACEHOLDER, url));
  }
  return dir;
}

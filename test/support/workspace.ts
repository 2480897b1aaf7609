// Test helper: a fresh copy of the example workspace in a temp dir, optionally with files edited.
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const EXAMPLE_DIR = join(import.meta.dirname, '..', '..', 'resources', 'example');

export function copyExample(edits: Readonly<Record<string, (text: string) => string>> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'aieval-ws-'));
  cpSync(EXAMPLE_DIR, dir, { recursive: true });
  for (const [file, edit] of Object.entries(edits)) {
    const path = join(dir, file);
    let text = '';
    try {
      text = readFileSync(path, 'utf8');
    } catch {
      // a new file
    }
    writeFileSync(path, edit(text));
  }
  return dir;
}

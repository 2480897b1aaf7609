import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..', '..', '..');

describe('resources/example/traces/riverside.otlp.jsonl', () => {
  it('is exactly what scripts/generate-example-traces.ts writes', () => {
    const out = join(mkdtempSync(join(tmpdir(), 'aieval-example-traces-')), 'riverside.otlp.jsonl');
    execFileSync(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts', 'generate-example-traces.ts'), out], {
      cwd: ROOT,
    });
    expect(readFileSync(out, 'utf8')).toBe(
      readFileSync(join(ROOT, 'resources', 'example', 'traces', 'riverside.otlp.jsonl'), 'utf8'),
    );
  });
});

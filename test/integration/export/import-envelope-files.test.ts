// `import.envelopeFiles` (the app's Import envelopes): an older envelope read as 0.3.0 says so in the result the UI
// shows, not only in a log line; the same words the CLI prints.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ImportOutcome } from '../../../src-shared/model';
import { importOutcomeLines } from '../../../src-shared/text/import-outcome-lines';
import { appPerTest, createTestApp } from '../../support/app';

const OLDER = 'b16fbe7d-f0a9-4a72-92a2-77f5016b5e3f.json'; // schema_version 0.2.2
const apps = appPerTest();

describe('import.envelopeFiles', () => {
  it('imports an older envelope and says in its outcome that it was read as 0.3.0', async () => {
    const app = apps.open(createTestApp());
    const text = readFileSync(join(import.meta.dirname, '..', '..', 'fixtures', 'eee', OLDER), 'utf8');
    const envelope = await app.dispatch(
      'import.envelopeFiles',
      { files: [{ name: OLDER, text }] },
      { transport: 'in-process' },
    );
    expect(envelope.ok).toBe(true);
    const [outcome] = (envelope as { ok: true; value: { outcomes: ImportOutcome[] } }).value.outcomes;
    expect(outcome).toMatchObject({ status: 'imported', path: OLDER });
    expect(outcome!.warnings).toContainEqual(expect.stringContaining('schema 0.2.2 read as 0.3.0'));
    expect(importOutcomeLines(outcome!)).toContainEqual({
      level: 'warning',
      text: expect.stringMatching(/^warning: b16fbe7d-\S+\.json: schema 0\.2\.2 read as 0\.3\.0/),
    });
  });
});

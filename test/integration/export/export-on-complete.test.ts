// settings.export_envelope_on_complete: `ai-eval run` exports each complete run as an EEE envelope as it ends.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { initWithCli, spawnCli } from '../../support/cli';

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter(
    (name) => name.endsWith('.json') || name.endsWith('.jsonl'),
  );

describe('export on complete', () => {
  it('writes the aggregate and samples files of the run under .aieval/envelopes', async () => {
    const { configDir, dir } = await initWithCli('aieval-export-on-complete-');
    const config = join(dir, 'aieval.yaml');
    writeFileSync(
      config,
      readFileSync(config, 'utf8').replace('settings:\n', 'settings:\n  export_envelope_on_complete: true\n'),
    );
    const run = await spawnCli(['run', '--workspace', dir, '--target', 'helpdesk_chat_offline'], configDir);
    expect(run.code, run.stderr).toBe(0);
    const files = filesUnder(join(dir, '.aieval', 'envelopes'));
    expect(files.filter((f) => f.endsWith('_samples.jsonl'))).toHaveLength(1);
    expect(files.filter((f) => f.endsWith('.json'))).toHaveLength(1);
    expect(files[0]).toMatch(/^data\//);
  }, 120_000);
});

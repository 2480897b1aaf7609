import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TargetOutcome } from '../../../src-shared/model';
import { type FakeRequest } from '../../fixtures/fake-provider-server';
import { fakeProviderSuite } from '../../support/fake-provider-suite';
import { CONFIG, optimizerScript, optimizerWorkspace } from './optimizer-fixtures';
import { spawnCli } from '../../support/cli';

const configDir = mkdtempSync(join(tmpdir(), 'aieval-cli-config-'));

/** Runs the CLI in a child process without blocking this one, where the fake provider server answers. */
const cli = (...args: string[]) => spawnCli(args, configDir);

const SCORE: Readonly<Record<string, number>> = { BASELINE: 2, NOISY: 2.5, GOOD: 4.5 };

describe('ai-eval optimize', () => {
  const suite = fakeProviderSuite();

  it('prints progress, the baseline and every candidate with mean ± spread and the decision, and exits 0', async () => {
    const proposer: FakeRequest[] = [];
    suite.server.script = optimizerScript(
      { base: (m) => SCORE[m] ?? 0, runOffsets: [0, 1, -1, 0, 1, -1, 0, 0.3, -0.3], questionsPerRun: 15 },
      ['NOISY\nkind', 'GOOD\nexact hours'],
      proposer,
    );
    const dir = optimizerWorkspace(suite.server.url);
    const result = await cli('optimize', '--workspace', dir, '--target', 'helpdesk_chat');
    expect(result.stderr).toContain('helpdesk_chat: baseline, 3 runs of 15 questions');
    expect(result.stderr).toMatch(
      /helpdesk_chat: baseline: run 3\/3 complete, avg_score 1\.00 on 15 deciding questions/,
    );
    expect(result.stderr).toContain('attempt 1/3: asking local/proposer-model for a candidate prompt');
    const lines = result.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^helpdesk_chat: accepted: attempt 2: candidate cand-\S+ pending review$/);
    expect(lines[1]).toBe('  baseline   avg_score 2.00 ± 1.00 (3 runs: 2.00, 3.00, 1.00)');
    expect(lines[2]).toMatch(
      /^ {2}attempt 1 {2}avg_score 2\.50 ± 1\.00 \(3 runs: 2\.50, 3\.50, 1\.50\) {2}rejected \(cand-\S+\)$/,
    );
    expect(lines[3]).toContain('within the noise: 2 × SE of the difference = 1.63');
    expect(lines[4]).toMatch(
      /^ {2}attempt 2 {2}avg_score 4\.50 ± 0\.30 \(3 runs: 4\.50, 4\.80, 4\.20\) {2}pending \(cand-\S+\)$/,
    );
    expect(lines[6]).toMatch(
      /^ {2}review cand-\S+ in the app \(Optimizer\), or run `ai-eval serve` and open #\/optimizer\/cand-\S+$/,
    );
    expect(result.code).toBe(0);
    // Pending review: aieval.yaml is untouched.
    expect(readFileSync(join(dir, 'aieval.yaml'), 'utf8')).toBe(CONFIG(suite.server.url));
  });

  it('exits 2 for a dataset below the minimum size and for an unknown target; --json prints the outcomes', async () => {
    suite.server.script = optimizerScript({ base: () => 4, runOffsets: [0], questionsPerRun: 15 }, [], []);
    const dir = optimizerWorkspace(suite.server.url);
    const small = await cli('optimize', '--workspace', dir, '--target', 'small_chat');
    expect(small.code).toBe(2);
    expect(small.stderr).toContain(
      'error: small_chat: dataset "small" has 8 enabled questions; the optimizer needs at least 15',
    );
    const unknown = await cli('optimize', '--workspace', dir, '--target', 'nope');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain(
      'unknown target nope; known: helpdesk_chat, small_chat, split_chat, helpdesk_agent, external_agent',
    );
    const json = await cli('optimize', '--workspace', dir, '--target', 'helpdesk_chat', '--json');
    expect(json.code).toBe(0);
    const parsed = JSON.parse(json.stdout) as { targets: TargetOutcome[] };
    expect(parsed.targets).toEqual([
      expect.objectContaining({ targetId: 'helpdesk_chat', status: 'skipped', candidates: [] }),
    ]);
  });

  it('says what --propose does in its help', async () => {
    const help = await cli('optimize', '--help');
    expect(help.code).toBe(0);
    expect(help.stdout).toContain(
      "--propose              propose candidates even when the baseline's mean already clears the gate",
    );
    expect(help.stdout).toContain('a rejected candidate is not a failure');
  });
});

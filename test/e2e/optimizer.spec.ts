import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG } from '../integration/optimizer/optimizer-fixtures';
import { appPageForSuite } from './support/app-page';
import { serveWithCandidates, type OptimizerSeed } from './support/optimizer-seed';
import { OptimizerPage } from './pages/optimizer.page';

describe('optimizer review', () => {
  let seed: OptimizerSeed;
  const app = appPageForSuite({
    // A real optimization through the backend: one candidate within the noise (rejected), one truly better (pending).
    serve: async () => (seed = await serveWithCandidates()).served,
    setupTimeoutMs: 120_000,
    afterStop: () => seed?.provider.close(),
  });

  it('reviews the pending candidate side by side and applies it: aieval.yaml changes with its comments intact', async () => {
    const { page } = app;
    const optimizer = new OptimizerPage(page);
    const file = join(seed.served.workspaceDir, 'aieval.yaml');
    const before = readFileSync(file, 'utf8');
    expect(before).toBe(CONFIG(seed.provider.url));
    const pending = seed.candidates.find((c) => c.status === 'pending')!;
    const rejected = seed.candidates.find((c) => c.status === 'rejected')!;

    await optimizer.openList(seed.served.origin);
    await expect.poll(() => optimizer.candidateRow(pending.id).textContent()).toContain('pending review');
    expect(await optimizer.candidateRow(rejected.id).textContent()).toContain('rejected');
    expect(await optimizer.candidateRow(rejected.id).textContent()).toContain('within the noise');

    await optimizer.openCandidate(pending.id);
    expect(await optimizer.status().textContent()).toContain('pending review');
    expect(await optimizer.decision().textContent()).toMatch(
      /^accepted: .*gain \+2\.50 is above the margin 0\.40 and above the noise/,
    );
    await expect.poll(() => optimizer.diffText('original')).toContain('BASELINE');
    expect(await optimizer.diffText('modified')).toContain('Give the exact opening hours of the branch asked about.');
    expect(await page.getByTestId('score-strip').getAttribute('aria-label')).toContain(
      'Baseline: 2.00, 3.00, 1.00; Candidate: 4.50, 4.80, 4.20',
    );
    expect(await optimizer.deltaRows().count()).toBe(15);
    expect(await optimizer.deltaRows().first().textContent()).toContain('▲ +2.50');

    // Escape cancels: nothing is written.
    await optimizer.review('apply', 'escape');
    expect(readFileSync(file, 'utf8')).toBe(before);

    await optimizer.review('apply', { reason: 'exact hours fix the failing questions' });
    await expect.poll(() => optimizer.status().textContent()).toContain('applied');
    expect(await optimizer.changeLog().textContent()).toMatch(
      /applied by .+ \(http\).*: exact hours fix the failing questions/,
    );
    const after = readFileSync(file, 'utf8');
    expect(after).toBe(
      before.replace(
        '      BASELINE\n      Answer library questions.\n',
        '      GOOD\n      Answer library questions.\n      Give the exact opening hours of the branch asked about.\n',
      ),
    );
    expect(after).toContain('# Optimizer test workspace: these comments must survive an applied candidate.');
    expect(after).toContain('    # The prompt under test.\n');
    expect(await page.getByTestId('revert-candidate').isVisible()).toBe(true);
  });

  it('starts an optimization from the Optimize button and shows its progress until it ends', async () => {
    const { page } = app;
    const optimizer = new OptimizerPage(page);
    await optimizer.openList(seed.served.origin);
    await optimizer.optimize('split_chat');
    await expect
      .poll(() => optimizer.jobLog('split_chat').textContent(), { timeout: 90_000 })
      .toMatch(/not improved: no candidate in 3 attempts beat the baseline/);
    await expect
      .poll(() => page.getByTestId('optimizer-target-split_chat').locator('[data-testid^=candidate-row-]').count())
      .toBe(3);
  });
});

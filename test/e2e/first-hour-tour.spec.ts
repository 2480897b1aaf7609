// The first hour, offline: from a fresh `ai-eval init`, every feature works from the example's recordings alone —
// optimize a target to a candidate page, compare two prompts, sample/label/validate a judge, import and promote a
// trace, export a run and download its files. The browser may reach the served origin and nothing else.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { CandidateDetail, GoldItem } from '../../src-shared/model';
import { readZip } from '../support/read-zip';
import { appPageForSuite } from './support/app-page';
import { GoldLabelingPage } from './pages/gold-labeling.page';
import { OptimizerPage } from './pages/optimizer.page';
import { PortfolioPage } from './pages/portfolio.page';
import { RunPage } from './pages/run.page';
import { WorkbenchPage } from './pages/workbench.page';
import { GRADER, TARGET, judgeSays } from './support/gold';

describe('the first-hour tour from a fresh init, offline', () => {
  const offOrigin: string[] = [];
  let candidateId = '';
  let runId = '';
  const app = appPageForSuite({
    page: { viewport: { width: 1440, height: 900 }, acceptDownloads: true },
    // No network: any request that leaves the served origin is refused and remembered.
    beforeLoad: ({ page, served }) =>
      page.route('**/*', (route) => {
        const url = route.request().url();
        if (url.startsWith(served.origin) || url.startsWith('data:') || url.startsWith('blob:'))
          return route.continue();
        offOrigin.push(url);
        return route.abort();
      }),
  });

  it('optimizes the offline chat target to a candidate page from the recorded proposer', async () => {
    const { page, served } = app;
    const optimizer = new OptimizerPage(page);
    await optimizer.openList(served.origin);
    await page.getByTestId(`propose-${TARGET}`).check();
    await optimizer.optimize(TARGET);
    const row = page.locator('[data-testid^=candidate-row-]').first();
    await row.waitFor({ timeout: 360_000 });
    candidateId = ((await row.getAttribute('data-testid')) ?? '').replace('candidate-row-', '');
    await expect.poll(() => row.textContent()).toMatch(/pending/i);
    await optimizer.openCandidate(candidateId);
    expect(await optimizer.decision().textContent()).toMatch(/accepted: .*held-out split "test"/);
    expect(await optimizer.diffText('modified')).toContain('work out the total');
    expect(await optimizer.deltaRows().count()).toBeGreaterThan(0);
  }, 400_000);

  it('compares the current prompt with the candidate, both answered from the recordings', async () => {
    const { page, served, call } = app;
    const candidate = await call<CandidateDetail>('optimizer.get', { id: candidateId });
    await page.goto(`${served.origin}/#/optimizer/compare/${TARGET}`);
    await expect.poll(() => page.getByTestId('variant-1').inputValue()).toContain('Riverside Library');
    await page.getByTestId('variant-2').fill(candidate.candidatePrompt);
    await page.getByTestId('run-compare').click();
    const results = page.getByTestId('variant-results');
    await results.waitFor({ timeout: 240_000 });
    for (const variant of [1, 2]) {
      const text = (await page.getByTestId(`variant-row-${variant}`).textContent()) ?? '';
      expect(text, `variant ${variant}`).not.toMatch(/not run|failed|error/);
    }
    await page.getByTestId('variants-side-by-side').waitFor();
  }, 300_000);

  it('runs the target, then samples, labels and validates its judge', async () => {
    const { page, served } = app;
    runId = await new PortfolioPage(page).runToVerdict(served.origin, TARGET);

    await page.goto(`${served.origin}/#/judges`);
    await page.getByTestId(`sample-${GRADER}`).click();
    await expect.poll(() => page.getByRole('status').first().textContent()).toMatch(/drew \d+ of /);
    const gold = await app.call<GoldItem[]>('judges.goldItems', { grader: GRADER });
    expect(gold.length).toBeGreaterThan(1);
    const labeling = new GoldLabelingPage(page);
    await labeling.openFromJudges(GRADER);
    // The person agrees with the judge on every item: the judge is then trusted on both classes.
    for (const [index, item] of gold.entries()) await labeling.label(judgeSays(item), index, gold.length);
    await page.goto(`${served.origin}/#/judges`);
    await page.getByTestId(`validate-${GRADER}`).click();
    await expect.poll(() => page.getByTestId(`judge-${GRADER}`).textContent()).toMatch(/trusted|too few labels/);
  }, 300_000);

  it('imports the example traces and promotes one into the dataset', async () => {
    const { page, served } = app;
    const workbench = new WorkbenchPage(page);
    await workbench.open(served.origin);
    expect(await workbench.importExampleTraces()).toMatch(/36 review items/);
    await page.getByPlaceholder('Search text').fill('Left Hand');
    await page.getByTestId('review-item').waitFor();
    await page.getByTestId('promote-dataset').click();
    await expect.poll(() => workbench.message()).toMatch(/Promoted 1 into dataset helpdesk/);
    const dataset = parse(readFileSync(join(served.workspaceDir, 'datasets', 'helpdesk.yaml'), 'utf8')) as {
      questions: { metadata?: { source_trace?: string } }[];
    };
    expect(dataset.questions.at(-1)?.metadata?.source_trace).toBeTruthy();
  }, 120_000);

  it('exports the run: a toast names the files and the folder, and the zip downloads', async () => {
    const { page, served } = app;
    const run = new RunPage(page);
    await run.open(served.origin, runId);
    await page.getByTestId('export-run').click();
    const toast = page.getByTestId('export-toast');
    await toast.waitFor();
    // The status is a toast over the page, not a line in the header.
    expect(await page.locator('.page-header [data-testid=export-toast]').count()).toBe(0);
    const folder = (await page.getByTestId('export-folder').textContent()) ?? '';
    expect(folder.startsWith(join(served.workspaceDir, '.aieval', 'envelopes'))).toBe(true);
    expect(await page.getByTestId('export-result').textContent()).toMatch(
      /Aggregate .*\.json.*Samples .*_samples\.jsonl/s,
    );

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-download').click()]);
    const zipPath = join(served.workspaceDir, 'download.zip');
    await download.saveAs(zipPath);
    expect(download.suggestedFilename()).toMatch(/^[0-9a-f-]{36}\.zip$/);
    const entries = readZip(readFileSync(zipPath));
    expect(entries).toHaveLength(2);
    for (const entry of entries) {
      const onDisk = join(folder, entry.name);
      expect(existsSync(onDisk), onDisk).toBe(true);
      expect(entry.data.equals(readFileSync(onDisk))).toBe(true);
    }
    expect(offOrigin).toEqual([]);
  }, 120_000);
});

// The workbench and the label files: a label given in the app is a line of the reviewer's file, and a line added to
// that file outside the app (an editor, a git pull) shows in the open workbench without a reload.
import { appendFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { GoldItem } from '../../src-shared/model';
import { appPageForSuite } from './support/app-page';
import { GRADER, TARGET } from './support/gold';
import { PortfolioPage } from './pages/portfolio.page';

const FILE = `labels/${GRADER}/reviewers/ana.jsonl`;

type Line = { id: string; item: string; verdict?: string; reviewer: string; at: string };

describe('labels as files', () => {
  const app = appPageForSuite({ page: { viewport: { width: 1440, height: 900 } } });

  it('writes a label given in the app as a line, and shows a line added outside the app at once', async () => {
    const { page, served, call } = app;
    await new PortfolioPage(page).runToVerdict(served.origin, TARGET);
    await call('userSettings.update', { reviewer: 'ana' });
    const { items } = await call<{ items: GoldItem[] }>('judges.sample', { grader: GRADER, n: 6, seed: 11 });
    expect(items.length).toBeGreaterThan(2);

    await page.goto(`${served.origin}/#/judges/${GRADER}/label`);
    await page.getByTestId('gold-labeling').waitFor();
    await expect.poll(() => page.getByTestId('gold-files').textContent()).toContain(FILE);
    await expect.poll(() => page.getByTestId('gold-progress').textContent()).toContain(`0 / ${items.length} labelled`);

    // The first item, labelled by keyboard, is a line of ana's file.
    const first = (await call<GoldItem[]>('judges.goldItems', { grader: GRADER }))[0]!;
    await page.keyboard.press('p');
    const path = join(served.workspaceDir, FILE);
    await expect
      .poll(() => {
        try {
          return readFileSync(path, 'utf8');
        } catch {
          return '';
        }
      })
      .toMatch(/\n$/);
    const written = readFileSync(path, 'utf8')
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as Line);
    expect(written).toEqual([
      {
        id: expect.stringMatching(/^[0-9a-f]{16}$/),
        item: first.id,
        verdict: 'pass',
        reviewer: 'ana',
        at: expect.any(String),
      },
    ]);
    await expect
      .poll(() => page.getByTestId('gold-progress').textContent())
      .toContain(`1 / ${items.length} labelled · item 2`);

    // Another program appends ana's label of the item on screen: the workbench shows it without a reload.
    const second = (await call<GoldItem[]>('judges.goldItems', { grader: GRADER }))[1]!;
    const line: Line = {
      id: 'a1b2c3d4e5f60718',
      item: second.id,
      verdict: 'fail',
      reviewer: 'ana',
      at: new Date().toISOString(),
    };
    appendFileSync(path, `${JSON.stringify(line)}\n`);
    await expect
      .poll(() => page.getByTestId('gold-progress').textContent())
      .toContain(`2 / ${items.length} labelled · item 2`);
    await expect.poll(() => page.getByTestId('gold-fail').getAttribute('aria-checked')).toBe('true');
    await page.getByTestId('judge-verdict').waitFor();
  }, 180_000);
});

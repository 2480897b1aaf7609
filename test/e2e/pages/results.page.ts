// Page objects for the results dashboard (runs table, pick two, Compare) and the compare page ("only changed").
import type { Page } from 'playwright-core';

export class ResultsPage {
  constructor(private readonly page: Page) {}

  /** Follows the navigation's Results link. */
  async openFromNav(): Promise<void> {
    await this.page.getByTestId('nav-results').click();
    await this.page.getByTestId('runs-table').waitFor();
  }

  /** Every run's link in the runs table, newest first. */
  runLinks() {
    return this.page.locator('[data-testid^="run-link-"]');
  }

  runLink(runId: string) {
    return this.page.getByTestId(`run-link-${runId}`);
  }

  async pick(runId: string): Promise<void> {
    await this.page.getByTestId(`pick-${runId}`).check();
  }

  /** Presses Compare with two runs picked and waits for the compare page. */
  async compare(): Promise<ComparePage> {
    await this.page.getByTestId('compare-selected').click();
    await this.page.getByTestId('compare-page').waitFor();
    return new ComparePage(this.page);
  }
}

export class ComparePage {
  constructor(private readonly page: Page) {}

  onlyChanged() {
    return this.page.getByTestId('only-changed');
  }

  /** One article per question (and repeat) shown. */
  rows() {
    return this.page.getByTestId('compare-grid').locator('article');
  }

  row(questionId: string) {
    return this.page.getByTestId(`compare-${questionId}`);
  }

  empty() {
    return this.page.getByTestId('compare-empty');
  }
}

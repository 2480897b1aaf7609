// Page object for the portfolio (the landing page): a card per target with its Run button.
import type { Page } from 'playwright-core';

export class PortfolioPage {
  constructor(private readonly page: Page) {}

  async open(origin: string): Promise<void> {
    await this.page.goto(`${origin}/#/targets`);
    await this.page.getByTestId('portfolio').waitFor();
  }

  card(targetId: string) {
    return this.page.getByTestId(`target-card-${targetId}`);
  }

  /** Presses the target's Run button and follows it to the run's page; returns the new run's id. */
  async run(targetId: string): Promise<string> {
    await this.page.getByTestId(`run-${targetId}`).click();
    await this.page.waitForURL(/#\/runs\/[^/]+$/);
    await this.page.getByTestId('run-page').waitFor();
    return decodeURIComponent(new URL(this.page.url()).hash.replace(/^#\/runs\//, ''));
  }
}

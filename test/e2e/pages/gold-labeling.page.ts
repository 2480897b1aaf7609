// Page object for a judge's gold-set labeling workbench, with its active labeling panel.
import type { Page } from 'playwright-core';

export class GoldLabelingPage {
  constructor(private readonly page: Page) {}

  async open(origin: string, grader: string): Promise<void> {
    await this.page.goto(`${origin}/#/judges/${grader}/label`);
    await this.page.getByTestId('gold-labeling').waitFor();
    await this.page.getByTestId('active-width').waitFor();
  }

  /** The question of the item on screen. */
  async shownQuestion(): Promise<string> {
    return (
      (await this.page.locator('[data-testid=gold-labeling] .turn-user .turn-content').first().textContent()) ?? ''
    );
  }

  async chooseOrder(order: 'plain queue' | 'shrink the interval most'): Promise<void> {
    await this.page.getByTestId(`label-order-${order}`).click();
  }

  width(): Promise<string | null> {
    return this.page.getByTestId('active-width').textContent();
  }

  async widthChange(): Promise<string> {
    const change = this.page.getByTestId('active-width-change');
    await change.waitFor();
    return (await change.textContent()) ?? '';
  }
}

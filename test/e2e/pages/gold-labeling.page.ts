// Page object for a judge's gold-set labeling workbench, with its active labeling panel.
import { expect } from 'vitest';
import { PageObject } from './page-object';

export class GoldLabelingPage extends PageObject {
  async open(origin: string, grader: string): Promise<void> {
    await this.visit(origin, `judges/${grader}/label`, 'gold-labeling');
    await this.page.getByTestId('active-width').waitFor();
  }

  /** The question of the item on screen. */
  async shownQuestion(): Promise<string> {
    return (
      (await this.page.locator('[data-testid=gold-labeling] .turn-user .turn-content').first().textContent()) ?? ''
    );
  }

  /** Presses a judge's Label button on the judges screen and waits for the workbench. */
  async openFromJudges(grader: string): Promise<void> {
    await this.page.getByTestId(`label-${grader}`).click();
    await this.page.getByTestId('gold-labeling').waitFor();
  }

  /**
   * Labels item `index` (from 0) of `count` by keyboard (p / f) once it is on screen, its judge's verdict still hidden,
   * and waits for the workbench to move on: to the next item, showing the verdict of the one just labelled; the last
   * item stays, showing its judge's verdict.
   */
  async label(verdict: 'pass' | 'fail', index: number, count: number): Promise<void> {
    await expect.poll(() => this.page.getByTestId('gold-progress').textContent()).toContain(`item ${index + 1}`);
    expect(await this.page.getByTestId('judge-verdict').count()).toBe(0);
    await this.page.keyboard.press(verdict === 'pass' ? 'p' : 'f');
    if (index === count - 1) return this.page.getByTestId('judge-verdict').waitFor();
    await expect.poll(() => this.page.getByTestId('gold-progress').textContent()).toContain(`item ${index + 2}`);
    await this.page.getByTestId('judge-verdict-previous').waitFor();
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

// Page object for the trace labeling workbench.
import { PageObject } from './page-object';

export class WorkbenchPage extends PageObject {
  async open(origin: string): Promise<void> {
    await this.page.goto(`${origin}/#/traces`);
  }

  async importExampleTraces(): Promise<string> {
    await this.page.getByTestId('import-traces').click();
    const summary = this.page.getByTestId('import-summary');
    await summary.waitFor();
    await this.page.getByTestId('review-item').waitFor();
    return (await summary.textContent()) ?? '';
  }

  progress(): Promise<string | null> {
    return this.page.getByTestId('queue-progress').textContent();
  }

  currentQuestion(): Promise<string | null> {
    return this.page.locator('[data-testid=review-item] .turn-user .turn-content').first().textContent();
  }

  message(): Promise<string | null> {
    return this.page.getByTestId('workbench-message').textContent();
  }

  async press(...keys: string[]): Promise<void> {
    for (const key of keys) await this.page.keyboard.press(key);
  }
}

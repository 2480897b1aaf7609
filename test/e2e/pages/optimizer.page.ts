// Page object for the optimizer: the candidates list with Optimize, and the proposal page with its review actions.
import { PageObject } from './page-object';

export class OptimizerPage extends PageObject {
  async openList(origin: string): Promise<void> {
    await this.visit(origin, 'optimizer', 'optimizer-page');
  }

  candidateRow(id: string) {
    return this.page.getByTestId(`candidate-row-${id}`);
  }

  /** Opens a candidate from the list, as a reviewer would, and waits for its prompt diff. */
  async openCandidate(id: string): Promise<void> {
    await this.page.getByTestId(`open-${id}`).click();
    await this.page.getByTestId('candidate-page').waitFor();
    await this.page.locator('.monaco-diff-editor .view-lines').first().waitFor();
  }

  status() {
    return this.page.getByTestId('candidate-page').locator('h1 .badge');
  }

  decision() {
    return this.page.getByTestId('decision-reason');
  }

  /** The text one side of the diff editor shows (Monaco renders spaces as no-break spaces). */
  async diffText(side: 'original' | 'modified'): Promise<string> {
    const text = await this.page.locator(`.monaco-diff-editor .editor.${side} .view-lines`).textContent();
    return (text ?? '').replace(/\u00a0/g, ' ');
  }

  deltaRows() {
    return this.page.getByTestId('question-deltas').locator('tbody tr');
  }

  /** Presses a review button and answers its confirmation: with a reason, or by Escape (cancel). */
  async review(action: 'apply' | 'reject' | 'revert', answer: { reason: string } | 'escape'): Promise<void> {
    await this.page.getByTestId(`${action}-candidate`).click();
    const dialog = this.page.getByTestId('confirm-dialog');
    await dialog.waitFor();
    if (answer === 'escape') {
      await this.page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      return;
    }
    await this.page.getByTestId('confirm-reason').fill(answer.reason);
    await this.page.getByTestId('confirm-ok').click();
    await this.page.getByTestId('review-message').waitFor();
  }

  changeLog() {
    return this.page.getByTestId('change-log');
  }

  async optimize(targetId: string): Promise<void> {
    await this.page.getByTestId(`optimize-${targetId}`).click();
    await this.page.getByTestId(`job-${targetId}`).waitFor();
  }

  jobLog(targetId: string) {
    return this.page.getByTestId(`job-${targetId}`);
  }
}

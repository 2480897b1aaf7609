// Page object for one run: the live monitor, the verdict, and the questions that expand into the result detail.
import { PageObject } from './page-object';

export class RunPage extends PageObject {
  async open(origin: string, runId: string): Promise<void> {
    await this.visit(origin, `runs/${encodeURIComponent(runId)}`, 'run-page');
  }

  monitor() {
    return this.page.getByTestId('run-monitor');
  }

  /** "done / total" on the monitor. */
  done() {
    return this.page.getByTestId('run-done');
  }

  scoreStream() {
    return this.page.getByTestId('score-stream').locator('li:not(.muted)');
  }

  /** The question ids of the score stream, top first. */
  async streamIds(): Promise<string[]> {
    return this.scoreStream().locator('.mono').allTextContents();
  }

  cancel() {
    return this.page.getByTestId('cancel-run');
  }

  cancelRefused() {
    return this.page.getByTestId('cancel-refused');
  }

  /** Shows only the rows of one status. */
  async filter(status: 'all' | 'passed' | 'failed' | 'degraded' | 'unscored'): Promise<void> {
    await this.page.getByTestId(`filter-${status}`).click();
    await this.page.getByTestId(`filter-${status}`).and(this.page.locator('[aria-checked=true]')).waitFor();
  }

  /** The words the question list shows when no row matches. */
  emptyQuestions() {
    return this.page.getByRole('region', { name: 'Questions' }).locator('.empty');
  }

  verdict() {
    return this.page.getByTestId('verdict');
  }

  /** Waits until the run has ended and its verdict is shown. */
  async waitForVerdict(): Promise<void> {
    await this.verdict().waitFor({ timeout: 30_000 });
  }

  /** Expands a question's row and waits for its result detail. */
  async expand(questionId: string) {
    await this.page.getByTestId(`question-${questionId}`).click();
    const detail = this.detail(questionId);
    await detail.waitFor();
    return detail;
  }

  /** The question rows the list shows (expanded details excluded). */
  questionRows() {
    return this.page.getByTestId('questions').locator('[data-testid^="question-"]');
  }

  questionRow(questionId: string) {
    return this.page.getByTestId(`question-${questionId}`);
  }

  detail(questionId: string) {
    return this.page.getByTestId(`result-detail-${questionId}`);
  }

  /** A grader's row in the expanded question's grader table. */
  grader(questionId: string, graderId: string) {
    return this.detail(questionId).getByTestId(`grader-${graderId}`);
  }

  reason(questionId: string, graderId: string) {
    return this.detail(questionId).getByTestId(`reason-${graderId}`);
  }

  response(questionId: string) {
    return this.detail(questionId).getByTestId('response');
  }

  verdictButton(questionId: string, verdict: 'pass' | 'fail' | 'defer') {
    return this.detail(questionId).getByTestId(`annotate-${verdict}`);
  }

  notes(questionId: string) {
    return this.detail(questionId).getByTestId('annotation-notes');
  }

  /** Marks the question pass/fail/defer, then writes and saves the notes. */
  async annotate(questionId: string, verdict: 'pass' | 'fail' | 'defer', notes: string): Promise<void> {
    await this.verdictButton(questionId, verdict).click();
    await this.verdictButton(questionId, verdict).and(this.page.locator('[aria-checked=true]')).waitFor();
    await this.notes(questionId).fill(notes);
    await this.detail(questionId).getByTestId('save-notes').click();
    await this.detail(questionId).getByTestId('save-notes').and(this.page.locator(':disabled')).waitFor();
  }
}

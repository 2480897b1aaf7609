// Page objects for the results dashboard (runs table, pick runs, Compare) and the comparison matrix.
import { PageObject } from './page-object';

export class ResultsPage extends PageObject {
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

  /** Presses Compare with 2 to 8 runs picked and waits for the matrix. */
  async compare(): Promise<MatrixPage> {
    await this.page.getByTestId('compare-selected').click();
    await this.page.getByTestId('matrix-page').waitFor();
    return new MatrixPage(this.page);
  }
}

export class MatrixPage extends PageObject {
  /** The "only …" checkbox that keeps the rows where the runs disagree, or where one failed. */
  only(which: 'disagreements' | 'failures') {
    return this.page.getByTestId(`only-${which}`);
  }

  /** The rows drawn (the grid is virtualised: only those near the viewport). */
  rows() {
    return this.page.getByTestId('matrix-grid').locator('[role=row]');
  }

  row(questionId: string) {
    return this.page.getByTestId(`matrix-row-${questionId}`);
  }

  count() {
    return this.page.getByTestId('matrix-count');
  }

  verdict(column: number) {
    return this.page.getByTestId(`matrix-verdict-${column}`);
  }

  /** What the baseline column says in place of a verdict. */
  baselineNote(column: number) {
    return this.page.getByTestId(`matrix-baseline-${column}`);
  }

  /** A column's count of thumbs up and down. */
  ratings(column: number) {
    return this.page.getByTestId(`matrix-ratings-${column}`);
  }

  /** A column's count of better / same / worse ratings against the baseline. */
  preferences(column: number) {
    return this.page.getByTestId(`matrix-preferences-${column}`);
  }

  empty() {
    return this.page.getByTestId('matrix-empty');
  }

  grid() {
    return this.page.getByTestId('matrix-grid');
  }

  detail(questionId: string) {
    return this.page.getByTestId(`matrix-detail-${questionId}`);
  }

  diff() {
    return this.page.getByTestId('matrix-diff');
  }

  /** Clicks an export button and returns the downloaded file's text. */
  async exported(kind: 'csv' | 'markdown'): Promise<string> {
    const [download] = await Promise.all([
      this.page.waitForEvent('download'),
      this.page.getByTestId(`export-${kind}`).click(),
    ]);
    const stream = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  }
}

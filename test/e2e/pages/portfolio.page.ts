// Page object for the portfolio (the landing page): a card per target with its Run button.
import { PageObject } from './page-object';
import { RunPage } from './run.page';

export class PortfolioPage extends PageObject {
  async open(origin: string): Promise<void> {
    await this.visit(origin, 'targets', 'portfolio');
  }

  card(targetId: string) {
    return this.page.getByTestId(`target-card-${targetId}`);
  }

  runButton(targetId: string) {
    return this.page.getByTestId(`run-${targetId}`);
  }

  /** The "disabled" note of a card, with its Enable button. */
  disabledNote(targetId: string) {
    return this.page.getByTestId(`disabled-${targetId}`);
  }

  /** Presses Enable on a disabled target's card and waits until its Run button can be pressed. */
  async enable(targetId: string): Promise<void> {
    await this.page.getByTestId(`enable-${targetId}`).click();
    await this.runButton(targetId).and(this.page.locator(':enabled')).waitFor();
  }

  /** The replay-judge warning of a card (a live target judged from recordings only). */
  judgeMismatch(targetId: string) {
    return this.page.getByTestId(`judge-mismatch-${targetId}`);
  }

  /** Presses the warning's one-click change of judge and waits for the warning to go. */
  async switchJudge(targetId: string): Promise<void> {
    await this.page.getByTestId(`judge-mismatch-${targetId}-fix`).click();
    await this.judgeMismatch(targetId).waitFor({ state: 'detached' });
  }

  /** Presses the target's Run button and follows it to the run's page; returns the new run's id. */
  async run(targetId: string): Promise<string> {
    await this.page.getByTestId(`run-${targetId}`).click();
    await this.page.waitForURL(/#\/runs\/[^/]+$/);
    await this.page.getByTestId('run-page').waitFor();
    return decodeURIComponent(new URL(this.page.url()).hash.replace(/^#\/runs\//, ''));
  }

  /** Opens the portfolio, runs the target and waits on its run page for the verdict; returns the run's id. */
  async runToVerdict(origin: string, targetId: string): Promise<string> {
    await this.open(origin);
    const runId = await this.run(targetId);
    await new RunPage(this.page).waitForVerdict();
    return runId;
  }

  /** What the preflight of the last ▶ Run found (nothing was started), with its Run anyway button. */
  preflightNote(targetId: string) {
    return this.page.getByTestId(`preflight-${targetId}`);
  }

  runAnyway(targetId: string) {
    return this.page.getByTestId(`run-anyway-${targetId}`);
  }
}

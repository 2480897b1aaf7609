// Page object for the target editor: its fields by test id, the grader table, Save (Ctrl+S) and what it reports.
import { PageObject } from './page-object';
import { freshPage } from '../support/browser';

export class TargetEditorPage extends PageObject {
  /** Opens the portfolio and follows the target card's Edit link. */
  async openFromPortfolio(origin: string, id: string): Promise<void> {
    await freshPage(this.page, `${origin}/#/targets`);
    await this.page.getByTestId(`edit-${id}`).click();
    await this.page.getByTestId('target-editor').waitFor();
  }

  async open(origin: string, id: string): Promise<void> {
    await freshPage(this.page, `${origin}/#/targets/${id}/edit`);
    await this.page.getByTestId('target-editor').waitFor();
  }

  field(testId: string) {
    return this.page.getByTestId(testId);
  }

  async fill(testId: string, value: string): Promise<void> {
    await this.field(testId).fill(value);
  }

  /** The inline problems under the field whose control has this id. */
  problems(fieldId: string) {
    return this.page.getByTestId(`problems-${fieldId}`);
  }

  modelListNote() {
    return this.page.getByTestId('target-model-list-note');
  }

  async toggleGrader(id: string): Promise<void> {
    await this.page.getByTestId(`grader-${id}`).click();
  }

  /** The replay-judge warning: the target calls a live model but its judge only answers from recordings. */
  judgeMismatch() {
    return this.page.getByTestId('editor-judge-mismatch');
  }

  textOnlyWarning() {
    return this.page.getByTestId('text-only-warning');
  }

  status() {
    return this.page.getByTestId('save-status');
  }

  /** Saves with the keyboard shortcut, as a user at the keyboard would. */
  async saveWithShortcut(): Promise<void> {
    await this.page.keyboard.press('Control+s');
  }
}

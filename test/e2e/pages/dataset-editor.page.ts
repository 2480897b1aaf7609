// Page object for the dataset editor: Monaco, the problems panel and Save.
import { PageObject } from './page-object';
import { freshPage } from '../support/browser';

export class DatasetEditorPage extends PageObject {
  async open(origin: string, id: string): Promise<void> {
    await freshPage(this.page, `${origin}/#/datasets/${id}`);
    await this.page.locator('.monaco-editor .view-lines').waitFor();
  }

  /** Selects the first occurrence of `text` with Monaco's find widget, then types `replacement` over it. */
  async replaceFirst(text: string, replacement: string): Promise<void> {
    await this.page.locator('.monaco-editor .view-lines').click();
    await this.page.keyboard.press('Control+Home');
    await this.page.keyboard.press('Control+F');
    await this.page.keyboard.type(text);
    await this.page.keyboard.press('Escape');
    await this.page.keyboard.type(replacement);
  }

  problems() {
    return this.page.getByTestId('problems');
  }

  errorSquiggles() {
    return this.page.locator('.monaco-editor .squiggly-error');
  }

  async save(): Promise<void> {
    await this.page.getByTestId('save-dataset').click();
    // Disabled while saving too: the save is done when the button reads Save again and nothing is left unsaved.
    await this.page
      .getByTestId('save-dataset')
      .and(this.page.locator(':disabled'))
      .filter({ hasText: /^Save$/ })
      .waitFor();
  }
}

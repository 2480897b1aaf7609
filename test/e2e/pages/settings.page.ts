// Page object for the settings screen: settings fields, provider connections, their test and key, Save; where runs are
// stored (the team store section).
import { PageObject } from './page-object';
import { freshPage } from '../support/browser';

export class SettingsPage extends PageObject {
  /** Loads the screen afresh, so no unsaved edit of an earlier test carries over. */
  async open(origin: string): Promise<void> {
    await freshPage(this.page, `${origin}/#/settings`);
    await this.page.getByTestId('settings').waitFor();
  }

  /** A setting's control, by its path in aieval.yaml (`rate_limit.max_retries`). */
  setting(path: string) {
    return this.page.getByTestId(`setting-${path.replaceAll('.', '-').replaceAll('_', '-')}`);
  }

  async addConnection(name: string, kind: string): Promise<void> {
    await this.page.getByTestId('new-connection-name').fill(name);
    await this.page.getByTestId('new-connection-kind').selectOption(kind);
    await this.page.getByTestId('add-connection').click();
    await this.connection(name).card.waitFor();
  }

  /** A provider connection's card: its base URL, Test connection and what it found, its key's status and note. */
  connection(name: string) {
    const page = this.page;
    return {
      card: page.getByTestId(`connection-${name}`),
      baseUrl: page.getByTestId(`provider-${name}-base-url`),
      test: () => page.getByTestId(`test-${name}`).click(),
      testResult: page.getByTestId(`test-result-${name}`),
      keyStatus: page.getByTestId(`key-status-${name}`),
      keyNote: page.getByTestId(`key-note-${name}`),
    };
  }

  status() {
    return this.page.getByTestId('settings-status');
  }

  async save(): Promise<void> {
    await this.page.getByTestId('save-settings').click();
    await this.page.getByTestId('save-settings').and(this.page.locator(':disabled')).waitFor();
  }

  /** The team store section: what the workspace uses now, the URL, the password, Test connection and Save. */
  teamStore() {
    const page = this.page;
    return {
      section: page.getByTestId('settings-section-team-store'),
      inUse: page.getByTestId('team-store-in-use'),
      url: page.getByTestId('setting-team-store-url'),
      /** Found by its label, as a screen reader finds it. */
      password: page.getByLabel('Password', { exact: true }),
      /** The password field's help (where a password is kept, or which variable to set). */
      passwordHelp: page.locator('#setting-team-store-password-help'),
      /** What the URL field says is wrong (a refused test or save). */
      problems: page.getByTestId('problems-setting-team-store-url'),
      testResult: page.getByTestId('team-store-test'),
      test: () => page.getByTestId('test-team-store').click(),
      save: () => page.getByTestId('save-team-store').click(),
      saveButton: page.getByTestId('save-team-store'),
    };
  }
}

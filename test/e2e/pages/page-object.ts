// The base of the page objects: the browser page each one drives, and how a screen is opened by its address.
import type { Page } from 'playwright-core';

export abstract class PageObject {
  constructor(protected readonly page: Page) {}

  /** Loads the screen at `#/<hash>` of the served app and waits until its root element (by test id) is shown. */
  protected async visit(origin: string, hash: string, root: string): Promise<void> {
    await this.page.goto(`${origin}/#/${hash}`);
    await this.page.getByTestId(root).waitFor();
  }
}

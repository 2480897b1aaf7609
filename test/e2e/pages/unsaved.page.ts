// Page object for unsaved-work guards: the leave prompt, the dirty marks in the navigation, the disk-change banner.
import { PageObject } from './page-object';

export class UnsavedPage extends PageObject {
  prompt() {
    return this.page.getByTestId('unsaved-prompt');
  }

  /** Answers the leave prompt: "Save", "Discard changes" or "Stay". */
  async choose(answer: 'Save' | 'Discard changes' | 'Stay'): Promise<void> {
    await this.prompt().getByRole('button', { name: answer, exact: true }).click();
    await this.prompt().waitFor({ state: 'detached' });
  }

  navDirty(screen: string) {
    return this.page.getByTestId(`nav-dirty-${screen}`);
  }

  async leaveTo(screen: string): Promise<void> {
    await this.page.getByTestId(`nav-${screen}`).click();
  }

  diskChange() {
    return this.page.getByTestId('disk-change');
  }
}

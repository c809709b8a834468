import type { Locator, Page } from 'playwright-core';
import { FormPage } from './form-page';

/** The edit-account screen: the profile form (`edit-*`), the game settings (`game-<type>-<field>`), the password reset (`reset-*`). */
export class EditAccountPage {
  readonly root: Locator;
  readonly profile: FormPage;
  readonly reset: FormPage;
  readonly games: FormPage;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('edit-account-screen');
    this.profile = new FormPage(page, 'edit');
    this.reset = new FormPage(page, 'reset');
    this.games = new FormPage(page, 'game');
  }

  loginId(): Promise<string | null> {
    return this.page.getByTestId('edit-login-id').textContent();
  }

  async save(): Promise<void> {
    await this.page.getByTestId('edit-submit').click();
  }

  async resetPassword(): Promise<void> {
    await this.page.getByTestId('reset-submit').click();
  }
}

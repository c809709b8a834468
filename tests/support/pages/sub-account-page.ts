import type { Locator, Page } from 'playwright-core';
import { DataTablePage } from './data-table-page';
import { FormPage } from './form-page';

export interface NewSubAccount {
  loginId: string;
  nickname: string;
  password: string;
  /** Its safe code for the first sign-in. */
  subSafeCode: string;
  /** The matrix's switches to turn on (addUser, isSetScore, ...) and menu codes (6, 7, ...). */
  switches?: readonly string[];
  menuCodes?: readonly number[];
}

/** The sub-account screen (/sonAccount/index): its rows by login, row actions by action id, and its forms. */
export class SubAccountPage {
  readonly root: Locator;
  readonly table: DataTablePage;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('sub-account-screen');
    this.table = new DataTablePage(page, 'sub-account-rows');
  }

  /** Opens the screen from its menu entry. */
  async openFromMenu(): Promise<void> {
    await this.page.getByTestId('sidebar').locator('a[data-screen-id="sonAccount"]').click();
    await this.root.waitFor();
  }

  row(loginId: string): Locator {
    return this.table.rowWhere('login-id', loginId);
  }

  /** The codes its row shows as chips, in order, those folded into its "+N" chip last. */
  codesOf(loginId: string): Promise<number[]> {
    return this.table
      .cell(this.row(loginId), 'codes')
      .locator('[data-code], [data-folded-codes]')
      .evaluateAll((chips) =>
        chips.flatMap((chip) => (chip.getAttribute('data-code') ?? chip.getAttribute('data-folded-codes') ?? '').split(',').map(Number)),
      );
  }

  /** Its status as the badge says it (data-status), whatever the language. */
  statusOf(loginId: string): Promise<string | null> {
    return this.table.cell(this.row(loginId), 'status').locator('[data-status]').getAttribute('data-status');
  }

  async onlineOf(loginId: string): Promise<boolean> {
    return (await this.table.cell(this.row(loginId), 'online').locator('[data-online]').getAttribute('data-online')) === 'true';
  }

  /**
   * Opens a row's action menu once the last one has finished closing: a click while a closing
   * menu is still mounted counts as a click outside it, and the new menu closes again.
   */
  private async openActions(loginId: string): Promise<void> {
    await this.page.locator('[role=menu]').waitFor({ state: 'detached' });
    await this.row(loginId).getByTestId('sub-account-actions').click();
  }

  /** The ids of the actions its row menu offers (the menu is left open). */
  async actionsOf(loginId: string): Promise<string[]> {
    await this.openActions(loginId);
    const items = this.page.locator('[role=menuitem][data-action-id]');
    await items.first().waitFor();
    return items.evaluateAll((found) => found.map((item) => item.getAttribute('data-action-id') ?? ''));
  }

  /** Runs a row action from the row's menu. */
  async act(loginId: string, actionId: string): Promise<void> {
    await this.openActions(loginId);
    await this.page.locator(`[role=menuitem][data-action-id="${actionId}"]`).click();
  }

  addForm(): FormPage {
    return new FormPage(this.page, 'sub-add');
  }

  /** The dialog of a form ('add', 'edit', 'permissions', 'password', 'delete'). */
  dialog(name: string): Locator {
    return this.page.getByTestId(`sub-account-${name}`);
  }

  async submit(name: string): Promise<void> {
    await this.page.getByTestId(`sub-account-${name}-submit`).click();
  }

  /** Opens the add form and fills it, switches and menu codes included; the owner's safe code is left to the test. */
  async fillNew(subAccount: NewSubAccount): Promise<void> {
    await this.page.getByTestId('sub-account-add-button').click();
    await this.dialog('add').waitFor();
    await this.addForm().fill({
      loginId: subAccount.loginId,
      nickname: subAccount.nickname,
      password: subAccount.password,
      confirmPassword: subAccount.password,
      subSafeCode: subAccount.subSafeCode,
    });
    for (const name of subAccount.switches ?? []) await this.page.getByTestId(`sub-add-switch-${name}`).check();
    for (const code of subAccount.menuCodes ?? []) await this.page.getByTestId(`sub-add-code-${code}`).check();
  }
}

import type { Locator, Page } from 'playwright-core';
import { DataTablePage } from './data-table-page';
import { JobProgressPage } from './job-progress-page';
import { text } from './locale-text';

export type AccountFilter = 'status' | 'online' | 'level';

/** The account list (user management): its rows by login id, filters, row actions by action id and bulk bar. */
export class AccountListPage {
  readonly root: Locator;
  readonly table: DataTablePage;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('account-list-screen');
    this.table = new DataTablePage(page, 'account-rows');
  }

  async waitForRows(): Promise<void> {
    await this.table.rows().first().waitFor();
  }

  row(loginId: string): Locator {
    return this.table.rowWhere('login-id', loginId);
  }

  /** The login ids of the rows in the page, in order. */
  loginIds(): Promise<(string | null)[]> {
    return this.table.attributeOfRows('login-id');
  }

  /** An account's status as its badge says it (data-status), whatever the interface language. */
  statusOf(loginId: string): Promise<string | null> {
    return this.table.cell(this.row(loginId), 'status').locator('[data-status]').getAttribute('data-status');
  }

  /** Whether the online column says the account is online (read against the locale's texts). */
  async onlineOf(loginId: string): Promise<boolean | null> {
    const shown = await this.table.cellText(this.row(loginId), 'online');
    return shown === text('accounts.online') ? true : shown === text('accounts.offline') ? false : null;
  }

  totalText(): Promise<string | null> {
    return this.page.getByTestId('account-total').textContent();
  }

  /** The total the table and the status line agree on, or null when they differ. */
  async total(): Promise<number | null> {
    const total = await this.table.total();
    return (await this.totalText()) === text('accounts.total', { count: total }) ? total : null;
  }

  async search(loginId: string): Promise<void> {
    await this.page.getByTestId('account-search').fill(loginId);
  }

  filter(name: AccountFilter): Locator {
    return this.page.getByTestId(`${name}-filter`);
  }

  async setFilter(name: AccountFilter, value: string): Promise<void> {
    await this.filter(name).selectOption(value);
  }

  /** The agents / members switch: the option shown now. */
  async kindShown(): Promise<'agents' | 'members' | null> {
    return (await this.root.locator('[role=radio][data-kind][aria-checked=true]').getAttribute('data-kind')) as 'agents' | 'members' | null;
  }

  /** Opens an agent's children by the link in its login id cell. */
  async drillInto(loginId: string): Promise<void> {
    await this.table.cell(this.row(loginId), 'loginId').locator('a').click();
    await this.breadcrumbStep(loginId).locator('[aria-current=page]').waitFor();
  }

  breadcrumbStep(loginId: string): Locator {
    return this.page.getByTestId('account-breadcrumb').locator(`li[data-login-id="${loginId}"]`);
  }

  /** The login ids of the line above the list, from the top. */
  breadcrumb(): Promise<(string | null)[]> {
    return this.page
      .getByTestId('account-breadcrumb')
      .locator('li[data-login-id]')
      .evaluateAll((steps) => steps.map((step) => step.getAttribute('data-login-id')));
  }

  /** Opens the actions of the active row with the keyboard ("."). */
  async openActionsByKeyboard(): Promise<void> {
    await this.table.press('.');
  }

  /** Makes the account's row active and opens its actions with the button. */
  async openActionsOf(loginId: string): Promise<void> {
    await this.table.select(this.row(loginId));
    await this.page.getByTestId('row-actions').click();
  }

  action(actionId: string): Locator {
    return this.page.locator(`[role=menuitem][data-action-id="${actionId}"]`);
  }

  /** The disabled entry saying why there is no action, with its reason id. */
  noAction(): Locator {
    return this.page.getByTestId('no-action');
  }

  bulkBar(): Locator {
    return this.page.getByTestId('bulk-bar');
  }

  async bulkCount(): Promise<number> {
    return Number(await this.bulkBar().getAttribute('data-count'));
  }

  async startBulk(actionId: string): Promise<void> {
    await this.page.getByTestId(`bulk-${actionId}`).click();
  }

  bulkJob(): JobProgressPage {
    return new JobProgressPage(this.page.getByTestId('bulk-dialog'));
  }

  async closeBulk(): Promise<void> {
    await this.page.getByTestId('bulk-close').click();
  }

  async addAccount(): Promise<void> {
    await this.page.getByTestId('add-account').click();
  }
}

import type { Locator, Page } from 'playwright-core';
import { DataTablePage } from './data-table-page';

/** The stop list: members whose betting is paused, each with resume or why not. */
export class StopListPage {
  readonly table: DataTablePage;

  constructor(readonly page: Page) {
    this.table = new DataTablePage(page, 'stop-list-rows');
  }

  row(loginId: string): Locator {
    return this.table.rowWhere('login-id', loginId);
  }

  loginIds(): Promise<(string | null)[]> {
    return this.table.attributeOfRows('login-id');
  }

  resume(loginId: string): Locator {
    return this.row(loginId).locator('[data-action-id="member.resumeBet"]');
  }

  /** Why the account cannot resume the row (the reason id), or null when it can. */
  async refusalOf(loginId: string): Promise<string | null> {
    const refusal = this.row(loginId).getByTestId('no-action');
    return (await refusal.count()) === 0 ? null : refusal.getAttribute('data-reason');
  }
}

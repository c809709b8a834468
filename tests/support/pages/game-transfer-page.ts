import type { Locator, Page } from 'playwright-core';
import { DataTablePage } from './data-table-page';

/** The game transfers screen: transfers to and from the platform, pending ones with their repair button. */
export class GameTransferPage {
  readonly table: DataTablePage;

  constructor(readonly page: Page) {
    this.table = new DataTablePage(page, 'transfer-rows');
  }

  row(transferId: string): Locator {
    return this.table.rowWhere('transfer-id', transferId);
  }

  async stateOf(transferId: string): Promise<string | null> {
    return this.row(transferId).getByTestId('transfer-state').getAttribute('data-state');
  }

  repairButton(transferId: string): Locator {
    return this.row(transferId).locator('[data-action-id="transfer.repair"]');
  }

  stateFilter(): Locator {
    return this.page.getByTestId('transfers-state');
  }
}

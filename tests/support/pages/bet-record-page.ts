import type { Locator, Page } from 'playwright-core';
import { DataTablePage } from './data-table-page';

/** The bet record (/videoOrder/index): filters, the bets table with its totals row. */
export class BetRecordPage {
  readonly table: DataTablePage;

  constructor(readonly page: Page) {
    this.table = new DataTablePage(page, 'bet-rows');
  }

  row(orderId: string): Locator {
    return this.table.rowWhere('order-id', orderId);
  }

  orderIds(): Promise<(string | null)[]> {
    return this.table.attributeOfRows('order-id');
  }

  /** Types an order number and applies it with Enter. */
  async searchOrder(orderId: string): Promise<void> {
    const field = this.page.getByTestId('bets-order');
    await field.fill(orderId);
    await field.press('Enter');
  }

  orderProblem(): Locator {
    return this.page.getByTestId('bets-order-problem');
  }

  /** The totals row's text in a column (bet, validBet, winLoss). */
  async totalOf(column: string): Promise<string> {
    return ((await this.table.root.getByTestId('table-totals').locator(`[data-column="${column}"]`).textContent()) ?? '').trim();
  }

  async setStatus(status: string): Promise<void> {
    await this.page.getByTestId('bets-status').selectOption(status);
  }
}

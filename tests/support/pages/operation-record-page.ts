import type { Locator, Page } from 'playwright-core';
import { DataTablePage } from './data-table-page';

/**
 * The operation record screen (/operationRecord/index): two tabs (operations, signIns), the
 * range filter (`audit-range-start`/`-end`, its `range-problem`), the filters by test id, and
 * the operations by data-operator / data-target / data-action (cells: time, operator, target,
 * action, changes, level, ip, region, terminal).
 */
export class OperationRecordPage {
  readonly root: Locator;
  readonly operations: DataTablePage;
  readonly signIns: DataTablePage;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('operation-record-screen');
    this.operations = new DataTablePage(page, 'audit-rows');
    this.signIns = new DataTablePage(page, 'audit-sign-ins');
  }

  /** Opens the screen by its address, with a view query (`start=...&end=...&tab=...`) if given. */
  async open(query = ''): Promise<void> {
    await this.page.evaluate((to) => (location.hash = to), `/operationRecord/index${query ? `?${query}` : ''}`);
    await this.root.waitFor();
  }

  tab(id: 'operations' | 'signIns'): Locator {
    return this.page.getByTestId(`audit-tab-${id}`);
  }

  /** The operations a call made: by its method, and optionally its operator and target login names. */
  operation(action: string, who: { operator?: string; target?: string } = {}): Locator {
    let selector = `[role=row][data-row-id][data-action="${action}"]`;
    if (who.operator) selector += `[data-operator="${who.operator}"]`;
    if (who.target) selector += `[data-target="${who.target}"]`;
    return this.operations.root.locator(selector);
  }

  async setRange(start: string, end: string): Promise<void> {
    await this.page.getByTestId('audit-range-start').fill(start);
    await this.page.getByTestId('audit-range-end').fill(end);
  }

  /** Why the range in the filter is not applied (shown under it), when it is not. */
  rangeProblem(): Locator {
    return this.page.getByTestId('range-problem');
  }

  /**
   * Counts from now on the gateway calls of a method the page makes (through its fetch, as the
   * request event does not show the app's streamed bodies); the answer reads the count.
   */
  async countCalls(method: string): Promise<() => Promise<number>> {
    await this.page.evaluate((name) => {
      const counts: Record<string, number> = {};
      (window as unknown as { gatewayCalls: Record<string, number> }).gatewayCalls = counts;
      const original = window.fetch.bind(window);
      window.fetch = async (input, init) => {
        const request = new Request(input, init);
        if ((await request.clone().text()).includes(name)) counts[name] = (counts[name] ?? 0) + 1;
        return original(request);
      };
    }, method);
    return () =>
      this.page.evaluate((name) => (window as unknown as { gatewayCalls: Record<string, number> }).gatewayCalls[name] ?? 0, method);
  }

  async total(): Promise<number> {
    return Number(await this.page.getByTestId('audit-total').getAttribute('data-total'));
  }
}

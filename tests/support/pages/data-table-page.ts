import type { Locator, Page } from 'playwright-core';

export type AriaSort = 'ascending' | 'descending' | 'none';

/**
 * A table of the data-table kit (src/components/data-table), found by its data-testid: rows by
 * `data-row-id` (or another data attribute the screen puts on them), cells by `data-column`,
 * never by position or by translated text. The table is virtualized: only the rows in view exist.
 */
export class DataTablePage {
  readonly root: Locator;

  constructor(
    readonly page: Page,
    testId: string,
  ) {
    this.root = page.getByTestId(testId);
  }

  rows(): Locator {
    return this.root.locator('[role=rowgroup] [role=row][data-row-id]');
  }

  row(rowId: string): Locator {
    return this.root.locator(`[role=row][data-row-id="${rowId}"]`);
  }

  /** The row whose data-<name> attribute is value (e.g. data-login-id). */
  rowWhere(name: string, value: string): Locator {
    return this.root.locator(`[role=row][data-row-id][data-${name}="${value}"]`);
  }

  cell(row: Locator, column: string): Locator {
    return row.locator(`[role=cell][data-column="${column}"]`);
  }

  async cellText(row: Locator, column: string): Promise<string> {
    return ((await this.cell(row, column).textContent()) ?? '').trim();
  }

  /** A data attribute of every row in the page, in order (data-row-id by default). */
  attributeOfRows(name = 'row-id'): Promise<(string | null)[]> {
    return this.rows().evaluateAll((rows, attribute) => rows.map((row) => row.getAttribute(attribute)), `data-${name}`);
  }

  /** Rows in the page now (the virtualized table holds only those near the view). */
  shownCount(): Promise<number> {
    return this.rows().count();
  }

  /** The rows of the whole list as the table tells assistive technology (aria-rowcount less the header row). */
  async total(): Promise<number> {
    return Number(await this.root.getAttribute('aria-rowcount')) - 1;
  }

  header(column: string): Locator {
    return this.root.locator(`[role=columnheader][data-column="${column}"]`);
  }

  /** Clicks a sortable column's title: newest/largest first, then the other way. */
  async sortBy(column: string): Promise<void> {
    await this.header(column).locator('button').click();
  }

  async sortOf(column: string): Promise<AriaSort | null> {
    return (await this.header(column).getAttribute('aria-sort')) as AriaSort | null;
  }

  async waitForLoaded(): Promise<void> {
    await this.root.and(this.page.locator('[aria-busy=false]')).waitFor();
  }

  /** Makes the row the active one (a click), as the row actions and keyboard act on it. */
  async select(row: Locator): Promise<void> {
    await row.click();
  }

  async isActive(row: Locator): Promise<boolean> {
    return (await row.getAttribute('aria-selected')) === 'true';
  }

  checkbox(row: Locator): Locator {
    return row.locator('[data-column=select] input[type=checkbox]');
  }

  async checkAll(): Promise<void> {
    await this.header('select').locator('input[type=checkbox]').check();
  }

  empty(): Locator {
    return this.root.getByTestId('table-empty');
  }

  /** Focuses the table for its keyboard (arrows, Enter, Space, the screen's own keys). */
  async focus(): Promise<void> {
    await this.root.focus();
  }

  async press(...keys: string[]): Promise<void> {
    await this.focus();
    for (const key of keys) await this.page.keyboard.press(key);
  }

  /**
   * How the header and totals rows lie over a table scrolled sideways: the table's scroll width,
   * each of those rows' width, and the alpha of each header cell's own background (1: opaque).
   */
  headLayout(): Promise<{ scrollWidth: number; rowWidths: number[]; headerAlphas: number[] }> {
    return this.root.evaluate((table) => {
      const alpha = (colour: string) => {
        const parts =
          /rgba?\(([^)]*)\)/
            .exec(colour)?.[1]
            ?.split(/[ ,/]+/)
            .filter(Boolean) ?? [];
        return parts.length === 4 ? Number(parts[3]) : parts.length === 3 ? 1 : 0;
      };
      const head = table.querySelector('[role=rowgroup]')!;
      return {
        scrollWidth: table.scrollWidth,
        rowWidths: [...head.querySelectorAll<HTMLElement>('[role=row]')].map((row) => Math.round(row.getBoundingClientRect().width)),
        headerAlphas: [...head.querySelectorAll<HTMLElement>('[role=columnheader]')].map((cell) =>
          alpha(getComputedStyle(cell).backgroundColor),
        ),
      };
    });
  }
}

import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { closeApp, consoleErrors, openApp, signIn } from '../support/app-page';
import { useAppInChromium } from '../support/app-in-chromium';

const e2e = useAppInChromium();

describe.runIf(e2e.run)('account list export in Chromium', () => {
  it("exports an agent's 300 members, more than one page, as a gateway job in the list's own order", async () => {
    const page = await openApp(e2e.browser, e2e.gw);
    const errors = consoleErrors(page);
    await signIn(page, e2e.gw, 'ag01010101');
    await page.getByTestId('notice-screen').waitFor();
    await page.goto(`${e2e.gw.url}/#/account/index?sort=loginId.asc`);
    await page.getByTestId('account-row').first().waitFor();
    await expect.poll(() => page.getByTestId('account-total').textContent()).toBe('共 300 个');
    // The first page holds 200: the table has not loaded all of them.
    const loaded = await page.evaluate(() => document.querySelectorAll('[data-testid=account-row]').length);
    expect(loaded).toBeLessThan(300);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('account-export-xlsx').click()]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile((await download.path())!);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(301);
    const names = sheet
      .getColumn(1)
      .values.slice(2)
      .map((value) => String(value));
    expect(names).toEqual([...names].sort());
    expect(new Set(names).size).toBe(300);
    expect(names.every((name) => /^mb01010101\d{3}$/.test(name))).toBe(true);
    await page.locator('[data-testid=export-job-progress][data-phase=done]').waitFor();

    // The palette's "Export this list…" runs the same export, in the format picked on its next page.
    await page.keyboard.press('Control+k');
    await page.getByRole('dialog').getByRole('combobox').waitFor();
    await page.keyboard.type('导出');
    await page.locator('[data-command-id="screen.exportList"][aria-selected="true"]').waitFor();
    await page.keyboard.press('Enter');
    await page.getByRole('option', { name: 'CSV' }).waitFor();
    await page.keyboard.type('csv');
    const [csv] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    expect(csv.suggestedFilename()).toMatch(/\.csv$/);
    const lines = (await readFile((await csv.path())!, 'utf8')).trim().split(/\r?\n/);
    expect(lines).toHaveLength(301);
    expect(lines.slice(1).map((line) => line.split(',')[0]!.replace(/"/g, ''))).toEqual(names);
    expect(errors).toEqual([]);
    await closeApp(page);
  });
});

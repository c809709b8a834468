import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openApp, signIn } from '../support/app-page';
import { useAppInChromium } from '../support/app-in-chromium';

const e2e = useAppInChromium();

async function accountsAs(loginId: string): Promise<Page> {
  const page = await openApp(e2e.browser, e2e.gw);
  await signIn(page, e2e.gw, loginId);
  await page.getByTestId('notice-screen').waitFor();
  await page.keyboard.press('Alt+2');
  await page.getByTestId('account-row').first().waitFor();
  return page;
}

const statusOf = (page: Page, loginId: string) => page.locator(`[data-testid=account-row][data-login-id="${loginId}"] [role=cell]`).nth(4).textContent();

describe.runIf(e2e.run)('status actions on the account list in Chromium', () => {
  it('freezes and unfreezes a direct child by keyboard, asking first, and refreshes the list', async () => {
    const page = await accountsAs('admin');
    await page.getByTestId('account-rows').focus();
    await page.keyboard.press('ArrowDown'); // ma02 (newest first: ma03, ma02, ma01)
    await page.keyboard.press('.');
    const freeze = page.locator('[data-action-id="account.freeze"]');
    await freeze.waitFor();
    // Only what the status machine allows for a normal account is offered.
    expect(await page.locator('[data-action-id="account.enable"]').count()).toBe(0);
    await freeze.click();
    await page.getByTestId('action-confirm').waitFor();
    await page.getByTestId('action-confirm-ok').click();
    await expect.poll(() => statusOf(page, 'ma02')).toBe('冻结');

    await page.getByTestId('account-rows').focus();
    await page.keyboard.press('.');
    await page.locator('[data-action-id="account.unfreeze"]').click();
    await expect.poll(() => statusOf(page, 'ma02')).toBe('正常');
    await page.context().close();
  });

  it('offers no status actions on accounts further down the line', async () => {
    const page = await accountsAs('admin');
    await page.getByRole('link', { name: 'ma01', exact: true }).first().click();
    await page.getByTestId('account-breadcrumb').getByText('ma01', { exact: true }).waitFor();
    await page.getByTestId('account-row').first().waitFor();
    await page.getByTestId('row-actions').click();
    await page.getByText('没有可用的操作').waitFor();
    await page.context().close();
  });
});

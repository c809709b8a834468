import { sql } from 'drizzle-orm';
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

const statusOf = (page: Page, loginId: string) =>
  page.locator(`[data-testid=account-row][data-login-id="${loginId}"] [role=cell]`).nth(4).textContent();

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
    // The row says why: it is not a direct child of the signed-in account.
    await page.getByText('没有可用的操作：不是您的直属下级').waitFor();
    expect(await page.getByTestId('no-action').getAttribute('data-reason')).toBe('notDirectChild');
    await page.context().close();
  });

  it('offers kick out only for an account that is online', async () => {
    await e2e.gw.db.run(
      sql`UPDATE sessions SET revoked_at = now() WHERE revoked_at IS NULL AND account_id = (SELECT id FROM accounts WHERE site_id = 'demo' AND login_id = 'ma03')`,
    );
    const page = await accountsAs('admin');
    const openMenu = async (loginId: string) => {
      await page.locator(`[data-testid=account-row][data-login-id="${loginId}"]`).click();
      await page.getByTestId('row-actions').click();
      await page.locator('[data-action-id="account.freeze"]').waitFor();
    };
    await expect.poll(() => page.locator('[data-testid=account-row][data-login-id="ma03"] [role=cell]').nth(7).textContent()).toBe('离线');
    await openMenu('ma03');
    expect(await page.locator('[data-action-id="account.kickOut"]').count()).toBe(0);
    await page.keyboard.press('Escape');

    await e2e.gw.sessionFor('ma03');
    await page.getByTestId('account-search').fill('ma03');
    await expect.poll(() => page.locator('[data-testid=account-row][data-login-id="ma03"] [role=cell]').nth(7).textContent()).toBe('在线');
    await openMenu('ma03');
    await page.locator('[data-action-id="account.kickOut"]').click();
    await page.getByTestId('action-confirm-ok').click();
    await page.getByText('ma03：踢出完成').waitFor();
    await page.context().close();
  });
});

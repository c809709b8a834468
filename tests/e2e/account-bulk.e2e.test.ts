import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openApp, signIn } from '../support/app-page';
import { useAppInChromium } from '../support/app-in-chromium';

const e2e = useAppInChromium();

async function signedIn(loginId: string, path: string): Promise<Page> {
  const page = await openApp(e2e.browser, e2e.gw);
  await signIn(page, e2e.gw, loginId);
  await page.getByTestId('notice-screen').waitFor();
  await page.evaluate((to) => (location.hash = to), path);
  return page;
}

const statusOf = (page: Page, loginId: string) =>
  page.locator(`[data-testid=account-row][data-login-id="${loginId}"] [role=cell]`).nth(4).textContent();

describe.runIf(e2e.run)('bulk account work as background jobs in Chromium', () => {
  it('adds 100 members at once with a progress bar and the outcome of each, a taken name failing alone', async () => {
    await e2e.gw.addAccount({ loginId: 'e2eb050', parent: 'ag03010101', level: 5 });
    const page = await signedIn('ag03010101', '/add/index');
    await page.getByTestId('add-batch-tab').click();
    await page.getByTestId('batch-form').waitFor();
    await page.locator('#batch-prefix').fill('e2eb');
    await page.locator('#batch-count').fill('100');
    await page.getByTestId('batch-preview').getByText('e2eb001 … e2eb100').waitFor();
    await page.locator('#batch-password').fill('Batch_123');
    await page.locator('#batch-confirmPassword').fill('Batch_123');
    await page.locator('#batch-pointLimit').fill('10');
    await page.getByTestId('batch-submit').click();

    const progress = page.getByTestId('job-progress');
    await progress.waitFor();
    await expect.poll(() => progress.getAttribute('data-status'), { timeout: 60_000 }).toBe('done');
    expect(await page.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    expect(await page.getByTestId('job-count').textContent()).toBe('100 / 100');
    expect(await page.getByTestId('job-summary').textContent()).toBe('99 个完成，1 个失败');
    // Failures come first, with the reason in the user's language.
    const first = page.getByTestId('job-result').first();
    expect(await first.getAttribute('data-outcome')).toBe('failed');
    expect(await first.textContent()).toContain('e2eb050');

    const created = await e2e.gw.db.one<{ n: string | number }>(
      sql`SELECT count(*) AS n FROM accounts a JOIN accounts p ON p.id = a.parent_id WHERE p.login_id = 'ag03010101' AND a.login_id LIKE 'e2eb%' AND a.first_login`,
    );
    expect(Number(created!.n)).toBe(99);

    await page.getByTestId('batch-to-list').click();
    await page.getByTestId('account-list-screen').waitFor();
    await page.getByTestId('account-search').fill('e2eb');
    await expect.poll(() => page.getByTestId('account-total').textContent()).toBe('共 100 个');
    await page.context().close();
  });

  it('disables and enables checked direct children as a job, then the list shows their new status', async () => {
    const page = await signedIn('admin', '/account/index');
    await page.getByTestId('account-row').first().waitFor();
    // Keyboard: Space checks the selected row (newest first: ma03, ma02, ma01).
    await page.getByTestId('account-rows').focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press(' ');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press(' ');
    await page.getByTestId('bulk-bar').getByText('已选 2 个').waitFor();

    await page.getByTestId('bulk-disable').click();
    await page.getByTestId('action-confirm-ok').click();
    const dialog = page.getByTestId('bulk-dialog');
    await expect.poll(() => dialog.getByTestId('job-progress').getAttribute('data-status')).toBe('done');
    expect(await dialog.getByTestId('job-summary').textContent()).toBe('2 个完成，0 个失败');
    await page.getByTestId('bulk-close').click();
    await expect.poll(() => statusOf(page, 'ma02')).toBe('停用');
    expect(await statusOf(page, 'ma01')).toBe('停用');
    expect(await statusOf(page, 'ma03')).toBe('正常');

    await page.getByTestId('check-all').check();
    await page.getByTestId('bulk-enable').click();
    await page.getByTestId('action-confirm-ok').click();
    await expect.poll(() => page.getByTestId('bulk-dialog').getByTestId('job-progress').getAttribute('data-status')).toBe('done');
    // ma03 was not disabled: enabling it is refused for it alone.
    expect(await page.getByTestId('bulk-dialog').getByTestId('job-summary').textContent()).toBe('2 个完成，1 个失败');
    await page.getByTestId('bulk-close').click();
    await expect.poll(() => statusOf(page, 'ma02')).toBe('正常');
    expect(await statusOf(page, 'ma01')).toBe('正常');
    await page.context().close();
  });
});

import { describe, expect, it } from 'vitest';
import { openApp, signIn } from '../support/app-page';
import { useAppInChromium } from '../support/app-in-chromium';

const e2e = useAppInChromium();

describe.runIf(e2e.run)('the stop list in Chromium', () => {
  it("pauses a member's betting from the account list, shows it in the stop list, and resumes it there", async () => {
    const page = await openApp(e2e.browser, e2e.gw);
    await signIn(page, e2e.gw, 'ag01010102');
    await page.getByTestId('notice-screen').waitFor();
    await page.keyboard.press('Alt+2');
    await page.getByTestId('account-row').first().waitFor();
    // Newest first: mb01010102005 is the first row.
    await page.getByTestId('account-rows').focus();
    await page.keyboard.press('.');
    await page.locator('[data-action-id="member.pauseBet"]').click();
    await page.getByTestId('action-confirm-ok').click();
    await page.getByText('mb01010102005：暂停下注完成').waitFor();

    await page.keyboard.press('Control+k');
    await page.getByRole('dialog').getByRole('combobox').waitFor();
    await page.keyboard.type('停押');
    await page.keyboard.press('Enter');
    await page.getByTestId('stop-list-screen').waitFor();
    await expect
      .poll(() => page.getByTestId('stop-list-row').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-login-id'))))
      .toEqual(['mb01010102005']);
    expect(await page.getByTestId('sidebar').getByRole('link', { name: '用户管理' }).getAttribute('aria-current')).toBe('page');

    // An account higher up sees the paused member too, with why it cannot resume it (not its direct child).
    const above = await openApp(e2e.browser, e2e.gw);
    await signIn(above, e2e.gw, 'ga010101');
    await above.getByTestId('notice-screen').waitFor();
    await above.goto(`${e2e.gw.url}/#/stopList/index`);
    const row = above.locator('[data-testid=stop-list-row][data-login-id="mb01010102005"]');
    await row.getByTestId('no-action').getByText('不是您的直属下级').waitFor();
    expect(await row.getByRole('button').count()).toBe(0);
    await above.context().close();

    await page.getByRole('button', { name: '恢复下注 mb01010102005' }).click();
    await page.getByText('您的代理线中没有被暂停下注的会员。').waitFor();
    await page.context().close();
  });
});

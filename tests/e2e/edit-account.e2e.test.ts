import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openApp, signIn } from '../support/app-page';
import { useAppInChromium } from '../support/app-in-chromium';

const e2e = useAppInChromium();

describe.runIf(e2e.run)('editing a direct child in Chromium', () => {
  it('refuses a game setting above the parent with the rule message, saves a valid edit, and resets the password after confirming', async () => {
    const ma03 = await e2e.gw.db.one<{ id: string | number }>(sql`SELECT id FROM accounts WHERE site_id = 'demo' AND login_id = 'ma03'`);
    const page = await openApp(e2e.browser, e2e.gw);
    await signIn(page, e2e.gw, 'admin');
    await page.getByTestId('notice-screen').waitFor();
    await page.evaluate((id) => (location.hash = `/editAccount/index/${id}`), String(ma03!.id));
    await page.getByTestId('edit-account-screen').waitFor();

    await page.locator('#edit-nickname').fill('edited ma03');
    // Demo rates: the company's live betting ratio is 1.2 %, ma03's 1.1 %, its children's 1 %.
    const liveRatio = page.locator('#game-live-bettingRatio');
    await liveRatio.fill('1.5');
    await page.getByTestId('edit-submit').click();
    await page.locator('#game-live-bettingRatio-problem').waitFor();
    expect(await page.locator('#game-live-bettingRatio-problem').textContent()).toContain('不能超过');
    const unchanged = await e2e.gw.db.one<{ nickname: string }>(sql`SELECT nickname FROM accounts WHERE id = ${ma03!.id}`);
    expect(unchanged!.nickname).not.toBe('edited ma03');

    await liveRatio.fill('1.15');
    await page.locator('#edit-wechat').fill('wx-ma03');
    await page.getByTestId('edit-submit').click();
    await page.getByText('ma03 已保存').waitFor();
    const saved = await e2e.gw.db.one<{ nickname: string; wechat: string; betting_ratio: number }>(
      sql`SELECT a.nickname, a.wechat, g.betting_ratio FROM accounts a JOIN game_settings g ON g.account_id = a.id AND g.game_type = 'live' WHERE a.id = ${ma03!.id}`,
    );
    expect(saved).toEqual({ nickname: 'edited ma03', wechat: 'wx-ma03', betting_ratio: 115 });

    await page.locator('#reset-password').fill('Reset_456');
    await page.locator('#reset-confirm').fill('Reset_456');
    await page.getByTestId('reset-submit').click();
    await page.getByTestId('action-confirm-ok').click();
    await page.getByText('ma03 的密码已重置').waitFor();
    const reset = await e2e.gw.db.one<{ force_pwd_update: boolean }>(sql`SELECT force_pwd_update FROM accounts WHERE id = ${ma03!.id}`);
    expect(reset!.force_pwd_update).toBe(true);
    await page.context().close();
  });
});

import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useAppInChromium } from '../support/app-in-chromium';
import { EditAccountPage } from '../support/pages/edit-account-page';
import { text, textPattern } from '../support/pages/locale-text';
import { ShellPage } from '../support/pages/shell-page';

const e2e = useAppInChromium();

describe.runIf(e2e.run)('editing a direct child in Chromium', () => {
  it('refuses a game setting above the parent with the rule message, saves a valid edit, and resets the password after confirming', async () => {
    const ma03 = await e2e.gw.db.one<{ id: string | number }>(sql`SELECT id FROM accounts WHERE site_id = 'demo' AND login_id = 'ma03'`);
    const shell = await ShellPage.signedIn(e2e.browser, e2e.gw, 'admin');
    await shell.goTo('editAccount', `/${ma03!.id}`);
    const edit = new EditAccountPage(shell.page);
    await expect.poll(() => edit.loginId()).toBe('ma03');

    await edit.profile.fill({ nickname: 'edited ma03' });
    // Demo rates: the company's live betting ratio is 1.2 %, ma03's 1.1 %, its children's 1 %.
    await edit.games.fill({ 'live-bettingRatio': '1.5' });
    await edit.save();
    await edit.games.problem('live-bettingRatio').waitFor();
    expect(await edit.games.problemText('live-bettingRatio')).toMatch(textPattern('validation.aboveParent'));
    const unchanged = await e2e.gw.db.one<{ nickname: string }>(sql`SELECT nickname FROM accounts WHERE id = ${ma03!.id}`);
    expect(unchanged!.nickname).not.toBe('edited ma03');

    await edit.games.fill({ 'live-bettingRatio': '1.15' });
    await edit.profile.fill({ wechat: 'wx-ma03' });
    await edit.save();
    await shell.toast(text('edit.saved', { loginId: 'ma03' })).waitFor();
    const saved = await e2e.gw.db.one<{ nickname: string; wechat: string; betting_ratio: number }>(
      sql`SELECT a.nickname, a.wechat, g.betting_ratio FROM accounts a JOIN game_settings g ON g.account_id = a.id AND g.game_type = 'live' WHERE a.id = ${ma03!.id}`,
    );
    expect(saved).toEqual({ nickname: 'edited ma03', wechat: 'wx-ma03', betting_ratio: 115 });

    await edit.reset.fill({ password: 'Reset_456', confirm: 'Reset_456' });
    await edit.resetPassword();
    await shell.confirm();
    await shell.toast(text('edit.passwordReset', { loginId: 'ma03' })).waitFor();
    const reset = await e2e.gw.db.one<{ force_pwd_update: boolean }>(sql`SELECT force_pwd_update FROM accounts WHERE id = ${ma03!.id}`);
    expect(reset!.force_pwd_update).toBe(true);
    await shell.close();
  });

  it('offers kick out only while the account has a live session and unlock only while its name is locked, each asking with its own text', async () => {
    const ma02 = await e2e.gw.db.one<{ id: string | number }>(sql`SELECT id FROM accounts WHERE site_id = 'demo' AND login_id = 'ma02'`);
    await e2e.gw.db.run(sql`UPDATE sessions SET revoked_at = now() WHERE revoked_at IS NULL AND account_id = ${ma02!.id}`);
    const shell = await ShellPage.signedIn(e2e.browser, e2e.gw, 'admin');
    const { page } = shell;
    await shell.goTo('editAccount', `/${ma02!.id}`);
    const edit = new EditAccountPage(page);
    await expect.poll(() => edit.loginId()).toBe('ma02');
    const button = (id: string) => edit.root.locator(`button[data-action-id="${id}"]`);
    await button('account.freeze').waitFor();
    expect(await button('account.kickOut').count()).toBe(0);
    expect(await button('account.unlock').count()).toBe(0);

    await e2e.gw.sessionFor('ma02');
    await page.reload();
    await button('account.kickOut').waitFor();
    expect(await button('account.unlock').count()).toBe(0);
    await button('account.kickOut').click();
    await expect
      .poll(() => page.getByTestId('action-confirm').locator('[data-slot="alert-dialog-description"]').textContent())
      .toBe(text('action.confirm.kickOut'));
    await shell.confirm();
    await shell.toast(text('action.done', { loginId: 'ma02', action: text('action.kickOut') })).waitFor();
    await button('account.kickOut').waitFor({ state: 'detached' });
    await shell.close();
  });
});

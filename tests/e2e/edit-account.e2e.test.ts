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

  it('shows the last sign-ins to levels 0-2 only (the login log is code 8 and levels 0-2): a level 3 edits its child without them', async () => {
    for (const [caller, child, shown] of [
      ['sh0101', 'ga010101', 1],
      ['ga010101', 'ag01010101', 0],
    ] as const) {
      const shell = await ShellPage.signedIn(e2e.browser, e2e.gw, caller);
      await shell.goTo('editAccount', `/${await e2e.gw.accountId(child)}`);
      const edit = new EditAccountPage(shell.page);
      await expect.poll(() => edit.loginId()).toBe(child);
      if (shown) await shell.page.getByTestId('recent-sign-ins').waitFor();
      expect(await shell.page.getByTestId('recent-sign-ins').count(), caller).toBe(shown);
      await shell.close();
    }
  });
});

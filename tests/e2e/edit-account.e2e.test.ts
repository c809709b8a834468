import { sql } from '../../server/kernel/db/sql';
import { describe, expect, it } from 'vitest';
import { storeBets } from '../../server/games/bet.store';
import { useAppInChromium, useJourney } from '../support/app-in-chromium';
import { aBet } from '../support/bet-fixture';
import { EditAccountPage } from '../support/pages/edit-account-page';
import { text, textPattern } from '../support/pages/locale-text';
import { ShellPage } from '../support/pages/shell-page';

const e2e = useAppInChromium();

/** The journey's shell back on the notices, as a person leaves a screen: a dialog closed. */
async function fromTheNotices(shell: ShellPage): Promise<ShellPage> {
  await shell.page.keyboard.press('Escape');
  await shell.goTo('notice');
  return shell;
}

describe.runIf(e2e.run)('an admin editing its direct children in Chromium, one signed-in page', () => {
  const journey = useJourney(e2e, () => ShellPage.signedIn(e2e.browser, e2e.gw, 'admin'));

  it('refuses a game setting above the parent with the rule message, saves a valid edit, and resets the password after confirming', async () => {
    const ma03 = await e2e.gw.db.one<{ id: string | number }>(sql`SELECT id FROM accounts WHERE site_id = 'demo' AND login_id = 'ma03'`);
    const shell = await fromTheNotices(journey());
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
  });

  it('offers kick out only while the account has a live session and unlock only while its name is locked, each asking with its own text', async () => {
    const ma02 = await e2e.gw.db.one<{ id: string | number }>(sql`SELECT id FROM accounts WHERE site_id = 'demo' AND login_id = 'ma02'`);
    await e2e.gw.db.run(sql`UPDATE sessions SET revoked_at = now() WHERE revoked_at IS NULL AND account_id = ${ma02!.id}`);
    const shell = await fromTheNotices(journey());
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
  });
});

describe.runIf(e2e.run)('ma02 editing a child whose line has unsettled bets in Chromium, one signed-in page', () => {
  const journey = useJourney(e2e, () => ShellPage.signedIn(e2e.browser, e2e.gw, 'ma02'));

  it("greys the agent rate and betting ratio of a game type with the reason while the child's line has unsettled bets of it", async () => {
    const sh0201 = await e2e.gw.accountId('sh0201');
    await e2e.gw.db.run(sql`DELETE FROM bets WHERE status = 'unsettled'`);
    const bet = aBet(await e2e.gw.accountId('mb02010101001'), {
      orderId: '670001',
      status: 'unsettled',
      settleTime: null,
      settle: 0,
      winLoss: 0,
    });
    await storeBets(e2e.gw.db, 'demo', [bet], new Date());
    const shell = await fromTheNotices(journey());
    await shell.goTo('editAccount', `/${sh0201}`);
    const edit = new EditAccountPage(shell.page);
    await expect.poll(() => edit.loginId()).toBe('sh0201');

    expect(await edit.games.field('live-agentRate').isDisabled()).toBe(true);
    expect(await edit.games.field('live-bettingRatio').isDisabled()).toBe(true);
    expect(await edit.games.field('live-redLimit').isDisabled()).toBe(false);
    expect(await edit.games.field('electronic-agentRate').isDisabled()).toBe(false);
    expect(await edit.games.field('electronic-bettingRatio').isDisabled()).toBe(false);
    expect(await edit.profile.field('validAmountRate').isDisabled()).toBe(false);
    const note = shell.page.getByTestId('rates-locked');
    expect(await note.textContent()).toBe(text('edit.ratesUnsettled', { gameTypes: text('game.live') }));

    // Settled, the rates open again once the screen is shown anew.
    await storeBets(e2e.gw.db, 'demo', [{ ...bet, status: 'settled', settleTime: new Date(), winLoss: -10_000 }], new Date());
    const after = await fromTheNotices(shell);
    await after.page.reload();
    await after.goTo('editAccount', `/${sh0201}`);
    const settled = new EditAccountPage(after.page);
    await expect.poll(() => settled.loginId()).toBe('sh0201');
    expect(await settled.games.field('live-agentRate').isDisabled()).toBe(false);
    expect(await after.page.getByTestId('rates-locked').count()).toBe(0);
  });
});

describe.runIf(e2e.run)('editing a direct child in Chromium, by level, one page signed in by each in turn', () => {
  it('shows the last sign-ins to levels 0-2 only (the login log is code 8 and levels 0-2): a level 3 edits its child without them', async () => {
    const shell = await ShellPage.signedIn(e2e.browser, e2e.gw, 'sh0101');
    for (const [caller, child, shown] of [
      ['sh0101', 'ga010101', 1],
      ['ga010101', 'ag01010101', 0],
    ] as const) {
      if (caller !== 'sh0101') await shell.signInAgainAs(caller);
      await shell.goTo('editAccount', `/${await e2e.gw.accountId(child)}`);
      const edit = new EditAccountPage(shell.page);
      await expect.poll(() => edit.loginId()).toBe(child);
      if (shown) await shell.page.getByTestId('recent-sign-ins').waitFor();
      expect(await shell.page.getByTestId('recent-sign-ins').count(), caller).toBe(shown);
    }
    await shell.close();
  });
});

import { sql } from '../../server/kernel/db/sql';
import { describe, expect, it } from 'vitest';
import { useAppInChromium, useJourney } from '../support/app-in-chromium';
import { AccountListPage } from '../support/pages/account-list-page';
import { text } from '../support/pages/locale-text';
import { ShellPage } from '../support/pages/shell-page';

const e2e = useAppInChromium();

/** The account list by its shortcut, from another screen: no filter or level of a journey's last step. */
async function accountsIn(shell: ShellPage): Promise<{ shell: ShellPage; list: AccountListPage }> {
  // A menu or dialog the last step left open is closed, as a person would.
  await shell.page.keyboard.press('Escape');
  await shell.goTo('notice');
  await shell.pressShortcut('accounts');
  const list = new AccountListPage(shell.page);
  await list.waitForRows();
  return { shell, list };
}

describe.runIf(e2e.run)("an admin's status actions on the account list in Chromium, one signed-in page", () => {
  const journey = useJourney(e2e, () => ShellPage.signedIn(e2e.browser, e2e.gw, 'admin'));

  it('freezes and unfreezes a direct child by keyboard, asking first, and refreshes the list', async () => {
    const { shell, list } = await accountsIn(journey());
    await list.table.press('ArrowDown'); // ma02 (newest first: ma03, ma02, ma01)
    expect(await list.table.isActive(list.row('ma02'))).toBe(true);
    await list.openActionsByKeyboard();
    const freeze = list.action('account.freeze');
    await freeze.waitFor();
    // Only what the status machine allows for a normal account is offered.
    expect(await list.action('account.enable').count()).toBe(0);
    await freeze.click();
    await shell.page.getByTestId('action-confirm').waitFor();
    await shell.confirm();
    await expect.poll(() => list.statusOf('ma02')).toBe('frozen');

    await list.openActionsByKeyboard();
    await list.action('account.unfreeze').click();
    await expect.poll(() => list.statusOf('ma02')).toBe('normal');
  });

  it('offers no status actions on accounts further down the line', async () => {
    const { shell, list } = await accountsIn(journey());
    await list.drillInto('ma01');
    await list.waitForRows();
    await shell.page.getByTestId('row-actions').click();
    // The row says why: it is not a direct child of the signed-in account.
    await list.noAction().waitFor();
    expect(await list.noAction().getAttribute('data-reason')).toBe('notDirectChild');
    expect(await list.noAction().textContent()).toBe(text('action.noneBecause', { reason: text('why.notDirectChild') }));
    // Only reading is left: the deal record, which is not a status action.
    expect(
      await shell.page.locator('[role=menuitem][data-action-id]').evaluateAll((items) => items.map((item) => item.dataset.actionId)),
    ).toEqual(['account.dealRecord']);
  });

  it('offers kick out only for an account that is online', async () => {
    await e2e.gw.db.run(
      sql`UPDATE sessions SET revoked_at = now() WHERE revoked_at IS NULL AND account_id = (SELECT id FROM accounts WHERE site_id = 'demo' AND login_id = 'ma03')`,
    );
    const { shell, list } = await accountsIn(journey());
    const openMenu = async (loginId: string) => {
      await list.openActionsOf(loginId);
      await list.action('account.freeze').waitFor();
    };
    await expect.poll(() => list.onlineOf('ma03')).toBe(false);
    await openMenu('ma03');
    expect(await list.action('account.kickOut').count()).toBe(0);
    await shell.page.keyboard.press('Escape');

    await e2e.gw.sessionFor('ma03');
    await list.search('ma03');
    await expect.poll(() => list.onlineOf('ma03')).toBe(true);
    await openMenu('ma03');
    await list.action('account.kickOut').click();
    // The dialog says what a kick out does, not what disabling or freezing does.
    await expect
      .poll(() => shell.page.getByTestId('action-confirm').locator('[data-slot="alert-dialog-description"]').textContent())
      .toBe(text('action.confirm.kickOut'));
    await shell.confirm();
    await shell.toast(text('action.done', { loginId: 'ma03', action: text('action.kickOut') })).waitFor();
  });

  it("then an agent, signed in on the same page, is asked before pausing a member's betting with the text of that action, and pauses it only when confirmed", async () => {
    await journey().signInAgainAs('ag01010101');
    const { shell, list } = await accountsIn(journey());
    await list.search('mb01010101002');
    await list.openActionsOf('mb01010101002');
    await list.action('member.pauseBet').click();
    const dialog = shell.page.getByTestId('action-confirm');
    await expect.poll(() => dialog.locator('[data-slot="alert-dialog-description"]').textContent()).toBe(text('action.confirm.pauseBet'));
    expect(await dialog.textContent()).toContain(
      text('action.confirmTitle', { action: text('action.pauseBet'), loginId: 'mb01010101002' }),
    );
    await shell.confirm();
    await shell.toast(text('action.done', { loginId: 'mb01010101002', action: text('action.pauseBet') })).waitFor();
    const paused = await e2e.gw.db.one<{ bet_paused: boolean }>(
      sql`SELECT bet_paused FROM accounts WHERE site_id = 'demo' AND login_id = 'mb01010101002'`,
    );
    expect(paused).toEqual({ bet_paused: true });
  });
});

import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useAppInChromium } from '../support/app-in-chromium';
import { AccountListPage } from '../support/pages/account-list-page';
import { DeviceSwitchesPage, GameSwitchPage } from '../support/pages/games-page';
import { text } from '../support/pages/locale-text';
import { ShellPage } from '../support/pages/shell-page';

const e2e = useAppInChromium();

describe.runIf(e2e.run)('games and devices in Chromium', () => {
  it('closes a game for the site after confirming, keeps it closed after a reload, and opens it from the palette', async () => {
    const shell = await ShellPage.signedIn(e2e.browser, e2e.gw, 'admin');
    await shell.runCommand('go.gameSwitch');
    await shell.screen('gameSwitch').waitFor();
    const games = new GameSwitchPage(shell.page);
    await games.row('sic-bo').waitFor();
    expect(await games.isOpen('sic-bo')).toBe(true);

    await games.switchButton('sic-bo', 'close').click();
    await shell.confirm();
    await shell.toast(text('games.closed', { game: text('games.name.sic-bo') })).waitFor();
    await expect.poll(() => games.isOpen('sic-bo')).toBe(false);
    const stored = await e2e.gw.db.rows<{ game_code: string }>(sql`SELECT game_code FROM site_games_closed WHERE site_id = 'demo'`);
    expect(stored.map((row) => row.game_code)).toEqual(['sic-bo']);

    await shell.page.reload();
    await shell.screen('gameSwitch').waitFor();
    await games.row('sic-bo').waitFor();
    expect(await games.isOpen('sic-bo')).toBe(false);
    expect(await games.isOpen('baccarat')).toBe(true);

    // The palette switches the chosen game to its other state; opening asks nothing.
    await shell.runCommand('games.switch');
    await shell.page.getByTestId('palette-page').waitFor();
    await expect.poll(() => shell.page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('combobox');
    await shell.page.keyboard.type('sic-bo');
    await shell.page.locator('[data-command-id="games.switch::sic-bo"][aria-selected="true"]').waitFor();
    await shell.page.keyboard.press('Enter');
    await shell.toast(text('games.opened', { game: text('games.name.sic-bo') })).waitFor();
    await expect.poll(() => games.isOpen('sic-bo')).toBe(true);
    await shell.close();
  });

  it("turns a member's app off from the account's row actions, and the edit screen shows it off", async () => {
    const shell = await ShellPage.signedIn(e2e.browser, e2e.gw, 'ag01010102');
    await shell.pressShortcut('accounts');
    const list = new AccountListPage(shell.page);
    await list.waitForRows();
    await list.openActionsOf('mb01010102003');
    await list.action('member.devices').click();
    await shell.screen('deviceSwitch').waitFor();
    const devices = new DeviceSwitchesPage(shell.page);
    await expect.poll(() => devices.isEnabled('app')).toBe(true);

    await devices.switchOf('app').click();
    await shell.confirm();
    const values = { device: text('device.app'), loginId: 'mb01010102003' };
    await shell.toast(text('device.disabled', values)).waitFor();
    await expect.poll(() => devices.isEnabled('app')).toBe(false);
    expect(await devices.isEnabled('pc')).toBe(true);
    const member = await e2e.gw.db.one<{ device_app: boolean; device_pc: boolean }>(
      sql`SELECT device_app, device_pc FROM accounts WHERE login_id = 'mb01010102003'`,
    );
    expect(member).toEqual({ device_app: false, device_pc: true });

    await shell.goTo('editAccount', `/${await e2e.gw.accountId('mb01010102003')}`);
    await expect.poll(() => devices.isEnabled('app')).toBe(false);
    // Turning one on asks nothing.
    await devices.switchOf('app').click();
    await shell.toast(text('device.enabled', values)).waitFor();
    await expect.poll(() => devices.isEnabled('app')).toBe(true);
    await shell.close();
  });
});

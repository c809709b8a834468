import { describe, expect, it } from 'vitest';
import { useAppInChromium } from '../support/app-in-chromium';
import { AccountListPage } from '../support/pages/account-list-page';
import { text } from '../support/pages/locale-text';
import { ShellPage } from '../support/pages/shell-page';
import { StopListPage } from '../support/pages/stop-list-page';

const e2e = useAppInChromium();

describe.runIf(e2e.run)('the stop list in Chromium', () => {
  it("pauses a member's betting from the account list, shows it in the stop list, and resumes it there", async () => {
    const shell = await ShellPage.signedIn(e2e.browser, e2e.gw, 'ag01010102');
    await shell.pressShortcut('accounts');
    const list = new AccountListPage(shell.page);
    await list.waitForRows();
    // Newest first: mb01010102005 is the first row.
    expect(await list.table.isActive(list.row('mb01010102005'))).toBe(true);
    await list.openActionsByKeyboard();
    await list.action('member.pauseBet').click();
    await shell.confirm();
    await shell.toast(text('action.done', { loginId: 'mb01010102005', action: text('action.pauseBet') })).waitFor();

    await shell.runCommand('accounts.stopList');
    await shell.screen('stopList').waitFor();
    const stopList = new StopListPage(shell.page);
    await expect.poll(() => stopList.loginIds()).toEqual(['mb01010102005']);
    expect(await shell.highlighted('accounts')).toBe(true);

    // An account higher up sees the paused member too, with why it cannot resume it (not its direct child).
    const above = await ShellPage.signedIn(e2e.browser, e2e.gw, 'ga010101');
    await above.goTo('stopList');
    const seenAbove = new StopListPage(above.page);
    await seenAbove.row('mb01010102005').waitFor();
    expect(await seenAbove.refusalOf('mb01010102005')).toBe('notDirectChild');
    expect(await seenAbove.row('mb01010102005').getByTestId('no-action').textContent()).toBe(text('why.notDirectChild'));
    expect(await seenAbove.row('mb01010102005').getByRole('button').count()).toBe(0);
    await above.close();

    await stopList.resume('mb01010102005').click();
    await expect.poll(() => stopList.table.total()).toBe(0);
    expect(await stopList.table.empty().textContent()).toBe(text('stopList.empty'));
    await shell.close();
  });
});

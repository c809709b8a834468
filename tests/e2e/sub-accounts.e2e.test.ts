import AxeBuilder from '@axe-core/playwright';
import { sql } from '../../server/kernel/db/sql';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import zhErrors from '../../locales/zh/errors.json' with { type: 'json' };
import { TOKEN_COOKIE } from '../../src/lib/session-cookies';
import { closeApp, openApp, signIn } from '../support/app-page';
import { useAppInChromium } from '../support/app-in-chromium';
import { AccountListPage } from '../support/pages/account-list-page';
import { OperationRecordPage } from '../support/pages/operation-record-page';
import { SubAccountPage } from '../support/pages/sub-account-page';

const e2e = useAppInChromium();

const clerk = { loginId: 'clerk01', nickname: 'Day clerk', password: 'Clerk_123', subSafeCode: '2468' };
const clerkOwn = { password: 'Clerk_456', safeCode: '1357' };

const balanceOf = async (loginId: string) =>
  BigInt(
    (await e2e.gw.db.one<{ balance: string | number }>(sql`SELECT balance FROM accounts WHERE site_id = 'demo' AND login_id = ${loginId}`))!
      .balance,
  );

/** Ctrl+K, a command by its words, then each nested page answered by typing and Enter. */
async function palette(page: Page, command: string, ...answers: string[]) {
  await page.keyboard.press('Control+k');
  await page.getByRole('dialog').getByRole('combobox').waitFor();
  await page.keyboard.type(command);
  await page.keyboard.press('Enter');
  for (const text of answers) {
    await page.getByTestId('palette-page').waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('combobox');
    await page.keyboard.type(text);
    await page.getByRole('option').first().waitFor();
    expect(await page.getByRole('option').first().textContent()).toContain(text);
    await page.keyboard.press('Enter');
  }
}

/** The palette's commands found by these words (the palette is left closed). */
async function paletteOffers(page: Page, words: string): Promise<string[]> {
  await page.keyboard.press('Control+k');
  const input = page.getByRole('dialog').getByRole('combobox');
  await input.waitFor();
  await page.keyboard.type(words);
  await expect.poll(() => input.inputValue()).toBe(words);
  const offered = await page.locator('[data-command-id]').evaluateAll((items) => items.map((item) => item.getAttribute('data-command-id')));
  await page.keyboard.press('Escape');
  return offered.filter((id): id is string => id !== null);
}

/** No serious or critical WCAG 2.1 AA problem on what the page shows now. */
async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const blocking = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(blocking.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`)).toEqual([]);
}

const tokenOf = async (page: Page) => (await page.context().cookies()).find((cookie) => cookie.name === TOKEN_COOKIE)?.value ?? '';

describe.runIf(e2e.run)('sub-accounts in Chromium', () => {
  // One long flow of two people with accessibility scans: 25 s alone, near the default 60 s on a busy CI machine.
  it('the owner adds a clerk with codes 1 and 5; the clerk sets a score, sees no edit or add, and is refused them by the gateway; the owner kicks it out, disables, enables and deletes it', async () => {
    const owner = await openApp(e2e.browser, e2e.gw);
    await signIn(owner, e2e.gw, 'admin');
    await owner.getByTestId('notice-screen').waitFor();
    const subAccounts = new SubAccountPage(owner);
    await subAccounts.openFromMenu();

    // The clerk gets the user list and the score switch only; the owner's safe code is asked before anything is sent.
    await subAccounts.table.rows().first().waitFor();
    await expectAccessible(owner);
    await subAccounts.fillNew({ ...clerk, switches: ['isSetScore'] });
    await expectAccessible(owner);
    expect(await owner.getByTestId('sub-add-code-1').isChecked()).toBe(true);
    expect(await owner.getByTestId('sub-add-code-1').isDisabled()).toBe(true);
    await subAccounts.submit('add');
    await subAccounts.addForm().problem('safeCode').waitFor();
    await subAccounts.addForm().fill({ safeCode: '1234' });
    await subAccounts.submit('add');
    await subAccounts.dialog('add').waitFor({ state: 'detached' });
    await subAccounts.row(clerk.loginId).waitFor();
    expect(await subAccounts.codesOf(clerk.loginId)).toEqual([1, 5]);
    expect(await subAccounts.onlineOf(clerk.loginId)).toBe(false);
    // The owner's own palette offers editing and adding: the clerk's below must not.
    expect(await paletteOffers(owner, 'edit')).toContain('do.account.edit');

    // The clerk signs in on the ordinary login screen, sets its own password and safe code first, then signs in again.
    const clerkPage = await openApp(e2e.browser, e2e.gw);
    await signIn(clerkPage, e2e.gw, clerk.loginId, clerk.password, clerk.subSafeCode);
    await clerkPage.getByTestId('forced-password-screen').waitFor();
    await clerkPage.locator('#new-password').fill(clerkOwn.password);
    await clerkPage.locator('#confirm-password').fill(clerkOwn.password);
    await clerkPage.locator('#new-safe-code').fill(clerkOwn.safeCode);
    await clerkPage.locator('#new-safe-code').press('Enter');
    await clerkPage.getByTestId('login-reason').waitFor();
    await signIn(clerkPage, e2e.gw, clerk.loginId, clerkOwn.password, clerkOwn.safeCode);
    await clerkPage.getByTestId('notice-screen').waitFor();

    // Its menu: the user list, no score log (code 6), no sub-accounts (main accounts only).
    const menu = clerkPage.getByTestId('sidebar');
    await menu.locator('a[data-screen-id="accounts"]').waitFor();
    expect(await menu.locator('a[data-screen-id="pointRecord"]').count()).toBe(0);
    expect(await menu.locator('a[data-screen-id="sonAccount"]').count()).toBe(0);

    // A score from the palette on a direct child of admin: the clerk acts as its main account.
    const before = await balanceOf('ma02');
    await palette(clerkPage, 'set score', 'ma02', '上分', '3.21');
    await clerkPage.getByTestId('action-confirm').waitFor();
    await clerkPage.keyboard.press('Enter');
    await expect.poll(() => balanceOf('ma02')).toBe(before + 321n);

    // Brought back from its cookies (which keep no codes), the session fetches its codes again.
    await clerkPage.reload();
    await menu.locator('a[data-screen-id="accounts"]').waitFor();
    expect(await menu.locator('a[data-screen-id="pointRecord"]').count()).toBe(0);

    // No edit and no add anywhere: palette, the list's buttons, the row actions.
    const offered = await paletteOffers(clerkPage, 'edit');
    expect(offered).not.toContain('do.account.edit');
    expect(await paletteOffers(clerkPage, 'add')).not.toContain('accounts.add');
    expect(offered.some((id) => id.includes('ubAccount'))).toBe(false);
    await menu.locator('a[data-screen-id="accounts"]').click();
    const accounts = new AccountListPage(clerkPage);
    await accounts.waitForRows();
    expect(await clerkPage.getByTestId('add-account').count()).toBe(0);
    await accounts.openActionsOf('ma02');
    await clerkPage.locator('[role=menuitem]').first().waitFor();
    expect(await accounts.action('account.edit').count()).toBe(0);
    expect(await accounts.action('account.setScore').count()).toBe(1);
    await clerkPage.keyboard.press('Escape');

    // Called anyway with its token, the gateway refuses with the catalogue's message.
    const token = await tokenOf(clerkPage);
    const ma02 = await e2e.gw.accountId('ma02');
    const added = await e2e.gw.call('gw.credit.agent.add', {
      opsId: token,
      loginId: 'clerkmade01',
      nickname: 'clerk made',
      password: 'Agent_123',
      agentCommisionRate: 10,
      validAmountRate: '1',
      pointLimit: '100',
    });
    expect(added.error).toMatchObject({ code: 11003, message: zhErrors['11003'] });
    const edited = await e2e.gw.call('gw.credit.agent.profile.edit', { opsId: token, userId: ma02, nickname: 'renamed by clerk' });
    expect(edited.error).toMatchObject({ code: 11003, message: zhErrors['11003'] });

    // The owner finds the clerk's score in the operation record: the clerk acted, for admin.
    const record = new OperationRecordPage(owner);
    await record.open();
    const scored = record.operation('gw.credit.user.score.up', { operator: clerk.loginId, target: 'ma02' });
    await scored.waitFor();
    const operator = await record.operations.cellText(scored, 'operator');
    expect(operator).toContain(clerk.loginId);
    expect(operator).toContain('admin');

    // The owner sees it online and kicks it out: its session ends.
    await subAccounts.openFromMenu();
    await expect.poll(() => subAccounts.onlineOf(clerk.loginId)).toBe(true);
    expect(await subAccounts.actionsOf(clerk.loginId)).toContain('subAccount.kickOut');
    await owner.locator('[role=menuitem][data-action-id="subAccount.kickOut"]').click();
    await owner.getByTestId('action-confirm-ok').click();
    await expect.poll(() => subAccounts.onlineOf(clerk.loginId)).toBe(false);
    expect((await e2e.gw.call('gw.credit.user.profile', { opsId: token })).error?.code).toBeGreaterThan(0);

    // Disabled after confirming, enabled again, then deleted with the owner's safe code.
    await subAccounts.act(clerk.loginId, 'subAccount.disable');
    await owner.getByTestId('action-confirm-ok').click();
    await expect.poll(() => subAccounts.statusOf(clerk.loginId)).toBe('disabled');
    await subAccounts.act(clerk.loginId, 'subAccount.enable');
    await expect.poll(() => subAccounts.statusOf(clerk.loginId)).toBe('normal');
    await subAccounts.act(clerk.loginId, 'subAccount.delete');
    await subAccounts.dialog('delete').waitFor();
    await owner.locator('#sub-delete-safeCode').fill('1234');
    await subAccounts.submit('delete');
    await subAccounts.row(clerk.loginId).waitFor({ state: 'detached' });
    await closeApp(clerkPage);
    await closeApp(owner);
  }, 120_000);
});

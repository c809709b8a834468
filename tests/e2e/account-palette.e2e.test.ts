import { sql } from '../../server/kernel/db/sql';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useAppInChromium, useJourney } from '../support/app-in-chromium';
import { ShellPage } from '../support/pages/shell-page';

const e2e = useAppInChromium();

/** The journey's page back on the notices, as a person leaves a screen: the palette or a dialog closed. */
async function fromTheNotices(shell: ShellPage): Promise<Page> {
  await shell.page.keyboard.press('Escape');
  await shell.goTo('notice');
  return shell.page;
}

const statusOf = async (loginId: string) =>
  (await e2e.gw.db.one<{ status: number }>(sql`SELECT status FROM accounts WHERE site_id = 'demo' AND login_id = ${loginId}`))!.status;

/** Ctrl+K, a command by its words, then each nested page answered by typing and Enter: keyboard only. */
async function palette(page: Page, command: string, ...answers: string[]) {
  await page.keyboard.press('Control+k');
  await page.getByRole('dialog').getByRole('combobox').waitFor();
  await page.keyboard.type(command);
  await page.keyboard.press('Enter');
  for (const text of answers) await answer(page, text);
}

/** Types on the palette's nested page and takes the first choice with Enter. */
async function answer(page: Page, text: string) {
  await page.getByTestId('palette-page').waitFor();
  // Keys go where the focus is: wait for the palette's input to hold it, as a person waits to see the palette.
  await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('combobox');
  await page.keyboard.type(text);
  // A remote page offers nothing until the gateway has answered what was typed; then the first choice matches it.
  await page.getByRole('option').first().waitFor();
  expect(await page.getByRole('option').first().textContent()).toMatch(new RegExp(text, 'i'));
  await page.keyboard.press('Enter');
}

describe.runIf(e2e.run)("an admin's account actions from the palette, keyboard only, in Chromium, one signed-in page", () => {
  const journey = useJourney(e2e, () => ShellPage.signedIn(e2e.browser, e2e.gw, 'admin'));

  it('freezes a direct child after confirming, and unfreezes it, each chosen by typing its name', async () => {
    const page = await fromTheNotices(journey());
    await palette(page, 'freeze', 'ma02');
    await page.getByTestId('action-confirm').waitFor();
    // The dialog's focus starts on Cancel: Tab moves to the action.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect.poll(() => statusOf('ma02')).toBe(6);

    // Only accounts the action applies to are offered: a normal account is not among those to unfreeze.
    await palette(page, 'unfreeze');
    await page.getByRole('option', { name: /ma02/ }).waitFor();
    expect(await page.getByRole('option', { name: /ma01/ }).count()).toBe(0);
    await answer(page, 'ma02');
    await expect.poll(() => statusOf('ma02')).toBe(1);
  });

  it('disables and enables through "act on an account", which lists only what the account allows now', async () => {
    const page = await fromTheNotices(journey());
    await palette(page, 'act on', 'ma01');
    await page.getByRole('option', { name: '停用', exact: true }).waitFor();
    expect(await page.getByRole('option', { name: '启用', exact: true }).count()).toBe(0);
    await page.keyboard.type('停用');
    await page.keyboard.press('Enter');
    await page.getByTestId('action-confirm').waitFor();
    expect(await page.getByTestId('action-confirm').textContent()).toContain('ma01');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect.poll(() => statusOf('ma01')).toBe(4);

    await page.keyboard.press('Alt+a');
    await answer(page, 'ma01');
    await page.getByRole('option', { name: '启用', exact: true }).waitFor();
    await page.keyboard.type('启用');
    await page.keyboard.press('Enter');
    await expect.poll(() => statusOf('ma01')).toBe(1);
  });

  it('takes the account typed in a report picker: an exact login first, then logins starting with it, "my line" after them', async () => {
    const page = await fromTheNotices(journey());
    const titles = async () => (await page.getByRole('option').allTextContents()).map((title) => title.replace(/[…].*$/, ''));
    await page.keyboard.press('Control+k');
    await page.getByRole('dialog').getByRole('combobox').waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('combobox');
    await page.keyboard.type('reports.winLossFor');
    await page.locator('[data-command-id="reports.winLossFor"][aria-selected="true"]').waitFor();
    await page.keyboard.press('Enter');
    await page.getByTestId('palette-page').waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('combobox');
    await page.keyboard.type('ga01010');
    await page.getByRole('option', { name: /ga010101/ }).waitFor();
    const prefixed = await titles();
    const mine = prefixed.findIndex((title) => !title.startsWith('ga01010'));
    expect(mine).toBeGreaterThan(0);
    expect(prefixed.slice(mine).every((title) => !title.startsWith('ga01010'))).toBe(true);

    await page.keyboard.type('1');
    await expect.poll(async () => (await titles())[0]).toMatch(/^ga010101/);
    expect(await page.getByRole('option').first().getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('Enter');
    await page.locator('[data-command-id$=":today"]').waitFor();
    await page.keyboard.press('Enter');
    await page.getByTestId('win-loss-screen').waitFor();
    expect(decodeURIComponent(page.url())).toMatch(/trail=\d+~ga010101~3/);
  });

  it('opens the edit screen of a chosen account', async () => {
    const page = await fromTheNotices(journey());
    await palette(page, 'edit', 'ma03');
    await page.getByTestId('edit-account-screen').waitFor();
    expect(await page.getByTestId('edit-login-id').textContent()).toBe('ma03');
    expect(page.url()).toMatch(/#\/editAccount\/index\/\d+$/);
    expect(await page.getByTestId('sidebar').getByRole('link', { name: '用户管理' }).getAttribute('aria-current')).toBe('page');
  });
});

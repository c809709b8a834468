import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openApp, signIn } from '../support/app-page';
import { useAppInChromium } from '../support/app-in-chromium';

const e2e = useAppInChromium();

async function signedIn(options: { width?: number } = {}): Promise<Page> {
  const page = await openApp(e2e.browser, e2e.gw, options);
  await signIn(page, e2e.gw, 'admin');
  await page.getByTestId('notice-screen').waitFor();
  return page;
}

/** Opens the palette with Ctrl+K, types, and runs the first match with Enter. */
async function runFromPalette(page: Page, query: string) {
  await page.keyboard.press('Control+k');
  const input = page.getByRole('combobox');
  await input.waitFor();
  await page.keyboard.type(query);
  await page.keyboard.press('Enter');
}

describe.runIf(e2e.run)('layout shell and palette in Chromium', () => {
  it('changes language and theme from the palette, and both survive a reload', async () => {
    const page = await signedIn();
    await runFromPalette(page, 'language');
    // A nested page lists the languages.
    await page.getByRole('option', { name: 'English' }).waitFor();
    await page.keyboard.type('english');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Notices' }).waitFor();
    await runFromPalette(page, 'theme');
    await page.getByRole('option', { name: 'Red' }).waitFor();
    await page.keyboard.type('red');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('red');

    await page.reload();
    await page.getByRole('heading', { name: 'Notices' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('red');
    expect((await page.context().cookies()).find((c) => c.name === 'language')?.value).toBe('en');
    await page.context().close();
  });

  it('navigates and logs out by keyboard only', async () => {
    const page = await signedIn();
    await runFromPalette(page, 'password');
    await page.getByTestId('change-password-screen').waitFor();
    expect(page.url()).toMatch(/#\/changePass\/index$/);
    await page.keyboard.press('Alt+1');
    await page.getByTestId('notice-screen').waitFor();

    await runFromPalette(page, 'logout');
    const dialog = page.getByTestId('logout-dialog');
    await dialog.waitFor();
    // Escape cancels; the app stays.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await runFromPalette(page, 'logout');
    await dialog.waitFor();
    await page.getByTestId('logout-confirm').focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('login-screen').waitFor();
    expect(await page.getByTestId('login-reason').textContent()).toContain('您已退出登录');
    const cookies = (await page.context().cookies()).map((c) => c.name);
    expect(cookies).not.toContain('credit-Token');
    expect(cookies).not.toContain('userId');
    // The session really ended on the gateway too: going back does not restore it.
    await page.goto(`${e2e.gw.url}/#/notice`);
    await page.getByTestId('login-screen').waitFor();
    await page.context().close();
  });

  it('shows recent commands first and finds commands by keyword in another language', async () => {
    const page = await signedIn();
    await page.keyboard.press('Control+k');
    const first = page.getByRole('option').first();
    await first.waitFor();
    expect(await first.getAttribute('data-command-id')).toBe('go.notice');
    await page.keyboard.press('Escape');
    // Chinese words find the command in any language; it then comes first.
    await runFromPalette(page, '侧边栏');
    await expect.poll(() => page.getByTestId('sidebar').getAttribute('data-open')).toBe('false');
    await page.keyboard.press('Control+k');
    await first.waitFor();
    expect(await first.getAttribute('data-command-id')).toBe('preferences.sidebar');
    expect(await page.getByRole('group', { name: '最近使用' }).count()).toBe(1);
    await page.keyboard.press('Escape');
    await page.context().close();
  });

  it('remembers the sidebar, and keeps it closed by default on a 390 px screen without horizontal scrolling', async () => {
    const page = await signedIn();
    const sidebar = page.getByTestId('sidebar');
    expect(await sidebar.getAttribute('data-open')).toBe('true');
    await runFromPalette(page, 'sidebar');
    await expect.poll(() => sidebar.getAttribute('data-open')).toBe('false');
    await page.reload();
    await page.getByTestId('notice-screen').waitFor();
    expect(await page.getByTestId('sidebar').getAttribute('data-open')).toBe('false');
    await page.context().close();

    const narrow = await signedIn({ width: 390 });
    expect(await narrow.getByTestId('menu-sheet').count()).toBe(0);
    expect(await narrow.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await narrow.getByRole('button', { name: '显示或隐藏菜单' }).click();
    await narrow.getByTestId('menu-sheet').waitFor();
    await narrow.context().close();
  });

  it('shows each site in its own theme until the user picks one', async () => {
    const context = await e2e.browser.newContext();
    const page = await context.newPage();
    const port = new URL(e2e.gw.url).port;
    // demo2.localhost resolves to this machine in Chromium: the red site.
    await page.goto(`http://demo2.localhost:${port}/#/login`);
    await page.getByTestId('login-screen').waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('red');
    expect(await page.title()).toBe('Red Dragon Club');
    await page.goto(`${e2e.gw.url}/#/login`);
    await page.getByTestId('login-screen').waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('black');
    await context.close();
  });

  it('switches the tabs off in the settings panel, and the choice survives a reload', async () => {
    const page = await signedIn();
    await page.getByTestId('tags-view').waitFor();
    await runFromPalette(page, 'settings');
    await page.getByTestId('settings-panel').waitFor();
    await page.locator('#settings-tags-view').press('Space');
    await page.getByTestId('tags-view').waitFor({ state: 'detached' });
    await page.keyboard.press('Escape');
    await page.reload();
    await page.getByTestId('notice-screen').waitFor();
    expect(await page.getByTestId('tags-view').count()).toBe(0);
    await page.context().close();
  });

  it('refreshes the points when they are clicked', async () => {
    const page = await signedIn();
    const { sql } = await import('drizzle-orm');
    const row = await e2e.gw.db.one<{ balance: string | number }>(
      sql`UPDATE accounts SET balance = balance + 100 WHERE site_id = 'demo' AND login_id = 'admin' RETURNING balance`,
    );
    const cents = BigInt(row!.balance);
    await page.getByTestId('points').click();
    await expect
      .poll(() => page.getByTestId('points').textContent())
      .toContain(`${(cents / 100n).toLocaleString('en-US')}.${String(cents % 100n).padStart(2, '0')}`);
    await e2e.gw.db.run(sql`UPDATE accounts SET balance = balance - 100 WHERE site_id = 'demo' AND login_id = 'admin'`);
    await page.context().close();
  });

  it('skips to the main region by keyboard without changing the route', async () => {
    const page = await signedIn();
    await page.evaluate(() => (location.hash = '/changePass/index'));
    await page.getByTestId('change-password-screen').waitFor();
    await page.locator('body').focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('href'))).toBe('#main');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main');
    expect(page.url()).toMatch(/#\/changePass\/index$/);
    expect(await page.getByTestId('change-password-screen').count()).toBe(1);
    expect(await page.getByTestId('not-found-screen').count()).toBe(0);
    await page.context().close();
  });

  it('sends an unknown path to 404, /redirect/<path> on to <path>, and /404 and /401 open without a session', async () => {
    const page = await signedIn();
    await page.goto(`${e2e.gw.url}/#/redirect/changePass/index`);
    await page.getByTestId('change-password-screen').waitFor();
    expect(page.url()).toMatch(/#\/changePass\/index$/);
    await page.goto(`${e2e.gw.url}/#/no/such/screen`);
    await page.getByTestId('not-found-screen').waitFor();
    await page.context().close();
    const anonymous = await openApp(e2e.browser, e2e.gw, { path: '/401' });
    await anonymous.getByTestId('unauthorized-screen').waitFor();
    await anonymous.goto(`${e2e.gw.url}/#/notice`);
    await anonymous.getByTestId('login-screen').waitFor();
    expect(anonymous.url()).toMatch(/#\/login$/);
    await anonymous.context().close();
  });
});

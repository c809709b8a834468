import type { Page } from 'playwright-core';
import { sql } from '../../server/kernel/db/sql';
import { describe, expect, it } from 'vitest';
import { closeApp, openApp } from '../support/app-page';
import { useAppInChromium, useJourney } from '../support/app-in-chromium';
import { storeBets } from '../../server/games/bet.store';
import { aBet, plantSettledBet } from '../support/bet-fixture';
import { DataTablePage } from '../support/pages/data-table-page';
import { AccountListPage } from '../support/pages/account-list-page';
import { ShellPage } from '../support/pages/shell-page';
import { TOKEN_COOKIE } from '../../src/lib/session-cookies';

const e2e = useAppInChromium();

/** Opens the palette with Ctrl+K, types, and runs the first match with Enter. */
async function runFromPalette(page: Page, query: string) {
  await page.keyboard.press('Control+k');
  const input = page.getByRole('combobox');
  await input.waitFor();
  await page.keyboard.type(query);
  await page.keyboard.press('Enter');
}

/** The interface language picked from the palette by its command. */
async function pickLanguage(page: Page, language: string) {
  await page.keyboard.press('Control+k');
  await page.getByRole('dialog').getByRole('combobox').waitFor();
  await page.keyboard.type('preferences.language');
  await page.locator('[data-command-id="preferences.language"][aria-selected="true"]').waitFor();
  await page.keyboard.press('Enter');
  await page.keyboard.type(language);
  await page.locator(`[data-command-id="preferences.language::${language}"][aria-selected="true"]`).waitFor();
  await page.keyboard.press('Enter');
}

/** The journey's page back on the notices, as a person leaves a screen: a menu or dialog closed. */
async function fromTheNotices(shell: ShellPage): Promise<Page> {
  await shell.page.keyboard.press('Escape');
  await shell.goTo('notice');
  return shell.page;
}

/** The page the last signed-in journey closed, with storage left behind: the signed-out journey must get it back clean. */
let parked: Page | undefined;

describe.runIf(e2e.run)("an admin's layout shell and palette at 1280 px, one signed-in page", () => {
  const journey = useJourney(e2e, () => ShellPage.signedIn(e2e.browser, e2e.gw, 'admin'));

  it('skips to the main region by keyboard without changing the route', async () => {
    // First, while the page has focused nothing yet: Tab starts from the top of the document.
    const page = await fromTheNotices(journey());
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
  });

  it('shows recent commands first and finds commands by keyword in another language', async () => {
    const page = await fromTheNotices(journey());
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
    // Open again for the next step, which starts from the sidebar as a new user has it.
    await runFromPalette(page, 'sidebar');
    await expect.poll(() => page.getByTestId('sidebar').getAttribute('data-open')).toBe('true');
  });

  it('closes and opens the sidebar from the palette, and keeps it closed by default on a 390 px screen without horizontal scrolling', async () => {
    const page = await fromTheNotices(journey());
    const sidebar = page.getByTestId('sidebar');
    expect(await sidebar.getAttribute('data-open')).toBe('true');
    await runFromPalette(page, 'sidebar');
    await expect.poll(() => sidebar.getAttribute('data-open')).toBe('false');
    // Kept across a reload: the step that reloads once for every preference.

    // Open again, then the window narrowed to a phone's width: the menu is a sheet, closed until asked for.
    await runFromPalette(page, 'sidebar');
    await expect.poll(() => page.getByTestId('sidebar').getAttribute('data-open')).toBe('true');
    await page.setViewportSize({ width: 390, height: 800 });
    expect(await page.getByTestId('menu-sheet').count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.getByRole('button', { name: '显示或隐藏菜单' }).click();
    await page.getByTestId('menu-sheet').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('menu-sheet').waitFor({ state: 'detached' });
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it("groups the sidebar, folds a group, opens the shown screen's, and keeps the header on one line at 1280 px in every language", async () => {
    const page = await fromTheNotices(journey());
    const sidebar = page.getByTestId('sidebar');
    const groups = () =>
      sidebar.locator('[data-menu-group]').evaluateAll((found) => found.map((group) => group.getAttribute('data-menu-group')));
    expect(await groups()).toEqual(['notices', 'accounts', 'points', 'reports', 'games', 'risk', 'system', 'own']);
    const reports = sidebar.getByTestId('menu-group-reports');
    await reports.click();
    await sidebar.getByRole('link', { name: '账单', exact: true }).waitFor({ state: 'hidden' });
    expect(await reports.getAttribute('aria-expanded')).toBe('false');
    await page.evaluate(() => (location.hash = '/bill/index'));
    await expect.poll(() => reports.getAttribute('aria-expanded')).toBe('true');
    expect(await sidebar.getByRole('link', { name: '账单', exact: true }).getAttribute('aria-current')).toBe('page');

    // Every item of the header on one row, none of their texts wrapped; every menu label whole (wrapped, not cut).
    const layout = () =>
      page.evaluate(() => {
        const header = document.querySelector<HTMLElement>('[data-testid="top-bar"]')!;
        const items = [...header.children].flatMap((child) => (child.matches('.flex-1') ? [...child.children] : [child]));
        // Lines of an item's text: boxes side by side (overlapping heights) share a line, whatever their font size.
        const lines = (element: Element) => {
          const texts = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
          const boxes: DOMRect[] = [];
          for (let text = texts.nextNode(); text; text = texts.nextNode()) {
            // Text for screen readers only (sr-only) is not on the line.
            if (text.parentElement!.closest('.sr-only')) continue;
            const range = document.createRange();
            range.selectNodeContents(text);
            boxes.push(...[...range.getClientRects()].filter((rect) => rect.width > 0 && rect.height > 0));
          }
          boxes.sort((a, b) => a.top - b.top);
          let count = 0;
          let bottom = -Infinity;
          for (const box of boxes) {
            if (box.top >= bottom - 1) count += 1;
            bottom = Math.max(bottom, box.bottom);
          }
          return count;
        };
        const middles = items.map((item) => {
          const box = item.getBoundingClientRect();
          return Math.round(box.top + box.height / 2);
        });
        return {
          rows: Math.max(...middles) - Math.min(...middles) <= 4 ? 1 : 2,
          wrapped: items.filter((item) => lines(item) > 1).map((item) => item.textContent),
          height: Math.round(header.getBoundingClientRect().height),
          cut: [...document.querySelectorAll('[data-testid="sidebar"] a[data-screen-id] span')]
            .filter((label) => label.scrollHeight > label.clientHeight + 1 || label.scrollWidth > label.clientWidth + 1)
            .map((label) => label.textContent),
        };
      });
    await page.evaluate(() => (location.hash = '/notice'));
    // Picked from the palette, as a person switches: Chinese last, which the journey's next steps read.
    for (const language of ['en', 'th', 'vi', 'id', 'zh'] as const) {
      await pickLanguage(page, language);
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(language === 'zh' ? 'zh-CN' : language);
      // Polled: the texts of the new language and its font settle a frame or two after the attribute.
      await expect.poll(async () => ({ language, ...(await layout()) })).toEqual({ language, rows: 1, wrapped: [], height: 56, cut: [] });
    }
  });

  it('refreshes the points when they are clicked', async () => {
    const page = await fromTheNotices(journey());
    const row = await e2e.gw.db.one<{ balance: string | number }>(
      sql`UPDATE accounts SET balance = balance + 100 WHERE site_id = 'demo' AND login_id = 'admin' RETURNING balance`,
    );
    const cents = BigInt(row!.balance);
    await page.getByTestId('points').click();
    await expect
      .poll(() => page.getByTestId('points').textContent())
      .toContain(`${(cents / 100n).toLocaleString('en-US')}.${String(cents % 100n).padStart(2, '0')}`);
    await e2e.gw.db.run(sql`UPDATE accounts SET balance = balance - 100 WHERE site_id = 'demo' AND login_id = 'admin'`);
  });

  it('keeps 25 open screens on one scrolling row of tabs with the active one in view, and closes others, to the right and all', async () => {
    const page = await fromTheNotices(journey());
    const bar = page.getByTestId('tags-view');
    const open = async () =>
      (await bar.getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href')))).map((href) =>
        href!.replace(/^#/, ''),
      );
    const go = async (path: string) => {
      await page.evaluate((hash) => (location.hash = hash), path);
      await bar.locator(`a[href="#${path}"][aria-current="page"]`).waitFor();
    };
    const menu = await page
      .getByTestId('sidebar')
      .locator('a[data-screen-id]')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')!.replace(/^#/, '')));
    for (const path of menu) await go(path);
    const paths = await open();
    expect(paths.length).toBeGreaterThanOrEqual(25);

    // One row: every tab at the same height, none squeezed below its text, the bar within the page.
    const layout = await bar.evaluate((nav) => {
      const tabs = [...nav.querySelectorAll('a')].map((link) => link.parentElement!);
      return {
        tops: [...new Set(tabs.map((tab) => Math.round(tab.getBoundingClientRect().top)))],
        squeezed: tabs.filter((tab) => tab.scrollWidth > tab.clientWidth + 1).length,
        // A title wrapped onto more lines (a squeezed tab of Chinese text: one character a line).
        wrapped: tabs.filter((tab) => {
          const range = document.createRange();
          range.selectNodeContents(tab.querySelector('a')!);
          return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size > 1;
        }).length,
        barRight: nav.getBoundingClientRect().right,
        pageWidth: document.documentElement.scrollWidth,
      };
    });
    expect(layout.tops).toHaveLength(1);
    expect(layout.squeezed).toBe(0);
    expect(layout.wrapped).toBe(0);
    expect(layout.barRight).toBeLessThanOrEqual(await page.evaluate(() => innerWidth));
    expect(layout.pageWidth).toBeLessThanOrEqual(await page.evaluate(() => innerWidth));
    const strip = page.getByTestId('tags-strip');
    const activeInView = () =>
      strip.evaluate((list) => {
        const tab = list.querySelector('[aria-current="page"]')!.parentElement!.getBoundingClientRect();
        const box = list.getBoundingClientRect();
        return tab.left >= box.left - 1 && tab.right <= box.right + 1;
      });
    expect(await activeInView()).toBe(true);
    await go(paths[2]!);
    expect(await activeInView()).toBe(true);

    // The arrows and the wheel scroll the row.
    const scrollLeft = () => strip.evaluate((list) => list.scrollLeft);
    const before = await scrollLeft();
    await page.getByTestId('tags-forward').click();
    await expect.poll(scrollLeft).toBeGreaterThan(before);
    const box = (await strip.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    const afterArrow = await scrollLeft();
    // Back up the row: the arrow's step (3/4 of the strip) may already have reached its end.
    await page.mouse.wheel(0, -400);
    await expect.poll(scrollLeft).toBeLessThan(afterArrow);

    const command = async (id: string) => {
      await page.keyboard.press('Control+k');
      await page.getByRole('dialog').getByRole('combobox').waitFor();
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('combobox');
      await page.keyboard.type(id);
      await page.locator(`[data-command-id="${id}"][aria-selected="true"]`).waitFor();
      await page.keyboard.press('Enter');
    };
    const fromMenu = async (path: string, item: string) => {
      await bar.locator(`a[href="#${path}"]`).click({ button: 'right' });
      await page.getByTestId(item).click();
    };
    // Palette, to the right of the active tab.
    await go(paths[10]!);
    await command('preferences.closeTagsToRight');
    await expect.poll(open).toEqual(paths.slice(0, 11));
    // Tag menu, to the right of another tab: the active one goes, its screen with it.
    await fromMenu(paths[5]!, 'tag-close-right');
    await expect.poll(open).toEqual(paths.slice(0, 6));
    await expect.poll(() => page.evaluate(() => location.hash)).toBe(`#${paths[5]}`);
    // Tag menu, the others: the notices stay pinned.
    await fromMenu(paths[3]!, 'tag-close-others');
    await expect.poll(open).toEqual([paths[0], paths[3]]);
    expect(paths[0]).toBe('/notice');
    await expect.poll(() => page.evaluate(() => location.hash)).toBe(`#${paths[3]}`);
    // Palette, the others around the active tab.
    for (const path of paths.slice(6, 9)) await go(path);
    await command('preferences.closeOtherTags');
    await expect.poll(open).toEqual([paths[0], paths[8]]);
    // Tag menu and palette, all: the notices stay and show.
    await go(paths[12]!);
    await fromMenu(paths[12]!, 'tag-close-all');
    await expect.poll(open).toEqual([paths[0]]);
    await expect.poll(() => page.evaluate(() => location.hash)).toBe('#/notice');
    for (const path of paths.slice(13, 15)) await go(path);
    await command('preferences.closeAllTags');
    await expect.poll(open).toEqual([paths[0]]);
    await expect.poll(() => page.evaluate(() => location.hash)).toBe('#/notice');
  }, 120_000);

  it('keeps what was chosen across a reload: a folded menu group, the tabs switched off, a closed sidebar, the language and theme from the palette', async () => {
    const page = await fromTheNotices(journey());
    const reports = page.getByTestId('sidebar').getByTestId('menu-group-reports');
    await reports.click();
    await expect.poll(() => reports.getAttribute('aria-expanded')).toBe('false');
    await page.getByTestId('tags-view').waitFor();
    await runFromPalette(page, 'settings');
    await page.getByTestId('settings-panel').waitFor();
    await page.locator('#settings-tags-view').press('Space');
    await page.getByTestId('tags-view').waitFor({ state: 'detached' });
    await page.keyboard.press('Escape');
    await runFromPalette(page, 'sidebar');
    await expect.poll(() => page.getByTestId('sidebar').getAttribute('data-open')).toBe('false');
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
    expect(await page.getByTestId('tags-view').count()).toBe(0);
    expect(await page.getByTestId('sidebar').getAttribute('data-open')).toBe('false');
    await runFromPalette(page, 'sidebar');
    await expect.poll(() => page.getByTestId('sidebar').getAttribute('data-open')).toBe('true');
    expect(await reports.getAttribute('aria-expanded')).toBe('false');
    // The shown screen's group opens of itself.
    await page.evaluate(() => (location.hash = '/bill/index'));
    await expect.poll(() => reports.getAttribute('aria-expanded')).toBe('true');
    // The journey's next steps read Chinese.
    await pickLanguage(page, 'zh');
  });

  it('sends an unknown path to 404 and /redirect/<path> on to <path>', async () => {
    const page = await fromTheNotices(journey());
    await page.goto(`${e2e.gw.url}/#/redirect/changePass/index`);
    await page.getByTestId('change-password-screen').waitFor();
    expect(page.url()).toMatch(/#\/changePass\/index$/);
    await page.goto(`${e2e.gw.url}/#/no/such/screen`);
    await page.getByTestId('not-found-screen').waitFor();
  });

  it('navigates and logs out by keyboard only', async () => {
    const page = await fromTheNotices(journey());
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
  });
});

/** What holds the focus: its data-testid, else its id, else its tag ("BODY" when nothing does). */
const focusedOn = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    return active?.getAttribute('data-testid') || active?.id || active?.tagName || 'nothing';
  });

/** Ctrl+K and a command by its id, run with Enter once it is the chosen entry: keyboard only. */
async function command(page: Page, id: string) {
  await page.keyboard.press('Control+k');
  await page.getByRole('dialog').getByRole('combobox').waitFor();
  await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('combobox');
  await page.keyboard.type(id);
  await page.locator(`[data-command-id="${id}"][aria-selected="true"]`).waitFor();
  await page.keyboard.press('Enter');
}

/** Types on the palette's nested page and takes the choice whose id ends the entry's value, with Enter. */
async function answer(page: Page, typed: string, choice = typed) {
  await page.getByTestId('palette-page').waitFor();
  await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('combobox');
  await page.keyboard.type(typed);
  await page.locator(`[data-command-id$=":${choice}"][aria-selected="true"]`).waitFor();
  await page.keyboard.press('Enter');
}

/** Moves the focused table's active row down to the row of this login. */
async function downTo(list: AccountListPage, loginId: string) {
  for (let step = 0; step < 30 && !(await list.table.isActive(list.row(loginId))); step++) await list.page.keyboard.press('ArrowDown');
  expect(await list.table.isActive(list.row(loginId))).toBe(true);
}

/** In an open row menu, moves down to the action (the menu moves its focus a moment after each key) and runs it with Enter. */
async function menuAction(page: Page, actionId: string) {
  const on = () => page.evaluate(() => document.activeElement?.getAttribute('data-action-id') ?? null);
  await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('menuitem');
  for (let step = 0; step < 30; step++) {
    const now = await on();
    if (now === actionId) break;
    await page.keyboard.press('ArrowDown');
    await expect.poll(on).not.toBe(now);
  }
  expect(await on()).toBe(actionId);
  await page.keyboard.press('Enter');
}

describe.runIf(e2e.run)("where an admin's focus goes after each command, dialog and drawer, keyboard only, one signed-in page", () => {
  const journey = useJourney(e2e, async () => {
    const shell = await ShellPage.signedIn(e2e.browser, e2e.gw, 'admin');
    const close = shell.close.bind(shell);
    shell.close = async () => {
      await shell.page.evaluate(() => {
        window.localStorage.setItem('credit-preferences', JSON.stringify({ theme: 'red' }));
        window.sessionStorage.setItem('left-behind', 'yes');
      });
      parked = shell.page;
      await close();
    };
    return shell;
  });
  const member = () => e2e.gw.accountId('mb01010101001');

  it("takes the screen's start when nothing had the focus, and gives it back after a language, a theme, the settings and Escape", async () => {
    const page = await fromTheNotices(journey());
    // Nothing focused yet on the notices (no filter, no table): the theme's palette leaves the focus in the main region.
    expect(await focusedOn(page)).toBe('BODY');
    await command(page, 'preferences.theme');
    await answer(page, 'red');
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('red');
    await expect.poll(() => focusedOn(page)).toBe('main');

    await page.getByTestId('points').focus();
    for (const [id, choice] of [
      ['preferences.language', 'en'],
      ['preferences.theme', 'black'],
      ['preferences.language', 'zh'],
    ] as const) {
      await command(page, id);
      await answer(page, choice);
      await expect.poll(() => focusedOn(page), { message: `after ${id} ${choice}` }).toBe('points');
    }
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dataset.theme])).toEqual(['zh-CN', 'black']);

    await command(page, 'preferences.settings');
    await page.getByTestId('settings-panel').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('settings-panel').waitFor({ state: 'detached' });
    await expect.poll(() => focusedOn(page)).toBe('points');

    await page.keyboard.press('Control+k');
    await page.getByRole('dialog').getByRole('combobox').waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => focusedOn(page)).toBe('points');
  });

  it('confirms a score set from the palette on its default button, then gives the focus back; a watch keeps it there', async () => {
    const page = await fromTheNotices(journey());
    await page.getByTestId('points').focus();
    await command(page, 'points.setScore');
    const ma01 = await e2e.gw.accountId('ma01');
    await answer(page, 'ma01', ma01);
    await answer(page, 'up');
    await answer(page, '10');
    await page.getByTestId('action-confirm').waitFor();
    await expect.poll(() => focusedOn(page)).toBe('action-confirm-ok');
    await page.keyboard.press('Enter');
    await page.getByTestId('action-confirm').waitFor({ state: 'detached' });
    await expect.poll(() => focusedOn(page)).toBe('points');

    await command(page, 'monitor.watch');
    await answer(page, 'ma02', await e2e.gw.accountId('ma02'));
    await page.locator('[data-sonner-toast]').getByText('ma02').waitFor();
    await expect.poll(() => focusedOn(page)).toBe('points');
  });

  it("opens the account list at its first filter, exports it from the table and keeps the table; a row's set score opens at the amount", async () => {
    const shell = journey();
    const page = await fromTheNotices(shell);
    await page.keyboard.press('Alt+2');
    const list = new AccountListPage(page);
    await list.waitForRows();
    await expect
      .poll(() => page.evaluate(() => Boolean(document.activeElement?.closest('[data-testid="account-list-screen"] [role="search"]'))))
      .toBe(true);

    await list.table.focus();
    const download = page.waitForEvent('download');
    await command(page, 'screen.exportList');
    await answer(page, 'csv');
    await download;
    await expect.poll(() => focusedOn(page)).toBe('account-rows');

    // The row menu from the table ("."), its set score: the form opens with the focus in the amount.
    await downTo(list, 'ma02');
    await page.keyboard.press('.');
    await menuAction(page, 'account.setScore');
    await page.getByTestId('score-form').waitFor();
    await expect.poll(() => focusedOn(page)).toBe('score-amount');
    await page.keyboard.type('5');
    expect(await page.locator('#score-amount').inputValue()).toBe('5');
  });

  it("gives the focus back to the table after a row's confirmation, follows a drill-down and back up, and keeps it on the screen as tabs close", async () => {
    const page = await fromTheNotices(journey());
    await page.keyboard.press('Alt+2');
    const list = new AccountListPage(page);
    await list.waitForRows();
    await list.table.focus();
    await downTo(list, 'ma02');
    await page.keyboard.press('.');
    await menuAction(page, 'account.freeze');
    await page.getByTestId('action-confirm').waitFor();
    // A destructive action's default is Cancel, in the dialog.
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[data-testid="action-confirm"]')))).toBe(true);
    await page.keyboard.press('Escape');
    await page.getByTestId('action-confirm').waitFor({ state: 'detached' });
    await expect.poll(() => focusedOn(page)).toBe('account-rows');
    await command(page, 'preferences.closeOtherTags');
    await expect.poll(() => page.getByTestId('tags-view').getByRole('link').count()).toBe(2);
    await expect.poll(() => focusedOn(page)).toBe('account-rows');

    // Enter drills into an agent's line and Backspace comes back: the table keeps the focus and the keys.
    await downTo(list, 'ma01');
    await page.keyboard.press('Enter');
    await list.breadcrumbStep('ma01').locator('[aria-current=page]').waitFor();
    await expect.poll(() => focusedOn(page)).toBe('account-rows');
    await list.waitForRows();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Backspace');
    await list.row('ma01').waitFor();
    await expect.poll(() => focusedOn(page)).toBe('account-rows');

    // From the account list's own tab (a level down shows under it), closing all tabs opens the notices.
    await page.keyboard.press('Alt+2');
    await expect.poll(() => page.evaluate(() => location.hash)).toBe('#/account/index');
    await command(page, 'preferences.closeAllTags');
    await page.getByTestId('notice-screen').waitFor();
    await expect.poll(() => focusedOn(page)).toBe('main');
  });

  it("follows a report's drill-down by keyboard, level by level, into a member's bets", async () => {
    await plantSettledBet(e2e.gw, { orderId: '880000000901', loginId: 'mb01010102002', winLoss: -1_200, validBet: 9_000 });
    const page = await fromTheNotices(journey());
    await page.evaluate(() => (location.hash = '/winningReport/index'));
    const report = new DataTablePage(page, 'report-rows');
    await report.rowWhere('login-id', 'ma01').waitFor();
    await report.focus();
    for (const loginId of ['ma01', 'sh0101', 'ga010101', 'ag01010102', 'mb01010102002']) {
      const row = report.rowWhere('login-id', loginId);
      await row.waitFor();
      for (let step = 0; step < 30 && !(await report.isActive(row)); step++) await page.keyboard.press('ArrowDown');
      expect(await report.isActive(row)).toBe(true);
      await page.keyboard.press('Enter');
      if (loginId !== 'mb01010102002') await page.getByTestId('report-crumb').filter({ hasText: loginId }).waitFor();
      await expect
        .poll(() => focusedOn(page), { message: `after opening ${loginId}` })
        .toBe(loginId === 'mb01010102002' ? 'bet-rows' : 'report-rows');
    }
    await page.getByTestId('bet-rows').locator('[data-order-id="880000000901"]').waitFor();
  });

  it('gives the focus back to the bets table when the bet drawer closes, and to the order button that opened it', async () => {
    const at = Date.now() - 120_000;
    await storeBets(
      e2e.gw.db,
      'demo',
      [aBet(await member(), { orderId: '8801', betTime: new Date(at), settleTime: new Date(at + 30_000) })],
      new Date(),
    );
    const page = await fromTheNotices(journey());
    await page.evaluate(() => (location.hash = '/videoOrder/index'));
    const rows = page.getByTestId('bet-rows');
    await rows.locator('[data-order-id="8801"]').waitFor();
    await rows.focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('bet-detail-body').waitFor();
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')))).toBe(true);
    await page.keyboard.press('Escape');
    await page.getByTestId('bet-detail-body').waitFor({ state: 'detached' });
    await expect.poll(() => focusedOn(page)).toBe('bet-rows');

    await rows.locator('[data-order-id="8801"]').getByTestId('bet-open').focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('bet-detail-body').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('bet-detail-body').waitFor({ state: 'detached' });
    await expect.poll(() => focusedOn(page)).toBe('bet-open');
  });
});

describe.runIf(e2e.run)('the shell signed out, one page', () => {
  const journey = useJourney(e2e, async () => {
    const page = await openApp(e2e.browser, e2e.gw, { path: '/401' });
    return { page, close: () => closeApp(page) };
  });

  // Test support (tests/support/app-page.ts): a page closed by closeApp is reused, so it must keep nothing.
  it("opens /401 on the page the signed-in journey closed, with none of its user's cookies or storage", async () => {
    const { page } = journey();
    expect(page, 'the same page, reused').toBe(parked);
    await page.getByTestId('unauthorized-screen').waitFor();
    expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain(TOKEN_COOKIE);
    expect(await page.evaluate(() => [window.sessionStorage.getItem('left-behind'), document.documentElement.dataset.theme])).toEqual([
      null,
      'black',
    ]);
  });

  it('sends a screen that needs a session to the login', async () => {
    const { page } = journey();
    await page.goto(`${e2e.gw.url}/#/notice`);
    await page.getByTestId('login-screen').waitFor();
    expect(page.url()).toMatch(/#\/login$/);
  });

  it('shows each site in its own theme until the user picks one', async () => {
    const { page } = journey();
    await page.getByTestId('login-screen').waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('black');
    const port = new URL(e2e.gw.url).port;
    // demo2.localhost resolves to this machine in Chromium: the red site.
    await page.goto(`http://demo2.localhost:${port}/#/login`);
    await page.getByTestId('login-screen').waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('red');
    expect(await page.title()).toBe('Red Dragon Club');
  });
});

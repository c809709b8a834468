import { describe, expect, it } from 'vitest';
import { formatCents } from '../../contract/amount.contract';
import { beijingWallTime } from '../../contract/beijing-time.contract';
import { sql } from '../../server/kernel/db/sql';
import { useAppInChromium, useJourney } from '../support/app-in-chromium';
import { AccountListPage } from '../support/pages/account-list-page';
import { text } from '../support/pages/locale-text';
import { ShellPage } from '../support/pages/shell-page';

const e2e = useAppInChromium();

/** The journey's account list by its shortcut, from another screen: no filter, sort or level of the last step. */
async function accountsScreen(shell: ShellPage): Promise<{ shell: ShellPage; list: AccountListPage }> {
  // A menu or dialog the last step left open is closed, as a person would.
  await shell.page.keyboard.press('Escape');
  await shell.goTo('notice');
  await shell.pressShortcut('accounts');
  return { shell, list: new AccountListPage(shell.page) };
}

describe.runIf(e2e.run)("an admin's user management in Chromium, one signed-in page", () => {
  const journey = useJourney(e2e, () => ShellPage.signedIn(e2e.browser, e2e.gw, 'admin'));

  it("lists the company's agents and drills down the tree by keyboard, with the breadcrumb and the menu entry kept", async () => {
    const { shell, list } = await accountsScreen(journey());
    await expect.poll(() => list.loginIds()).toEqual(['ma03', 'ma02', 'ma01']);
    expect(await list.totalText()).toBe(text('accounts.total', { count: 3 }));
    expect(await list.total()).toBe(3);
    expect(await shell.highlighted('accounts')).toBe(true);

    await list.table.press('ArrowDown', 'Enter');
    await expect.poll(() => list.loginIds()).toEqual(['sh0202', 'sh0201']);
    await expect.poll(() => list.breadcrumb()).toEqual(['admin', 'ma02']);
    expect(shell.page.url()).toMatch(/#\/account\/index\/\d+$/);
    expect(await shell.highlighted('accounts')).toBe(true);

    await list.table.press('Backspace');
    await expect.poll(() => list.loginIds()).toEqual(['ma03', 'ma02', 'ma01']);
  });

  it("shows an agent's 300 members in a virtualized table that loads as it scrolls, and searches by name", async () => {
    const { list } = await accountsScreen(journey());
    for (const name of ['ma01', 'sh0101', 'ga010101', 'ag01010101']) await list.drillInto(name);
    await expect.poll(() => list.breadcrumb()).toEqual(['admin', 'ma01', 'sh0101', 'ga010101', 'ag01010101']);
    await expect.poll(() => list.total()).toBe(300);
    expect(await list.kindShown()).toBe('members');
    // Only the rows in view are in the page.
    expect(await list.table.shownCount()).toBeLessThan(60);

    // Newest first: the first member made is the last row, reached as the next pages load.
    await expect
      .poll(async () => {
        await list.table.press('End');
        return (await list.loginIds()).includes('mb01010101001');
      })
      .toBe(true);
    expect(await list.table.shownCount()).toBeLessThan(60);

    await list.search('MB0101010129');
    await expect.poll(() => list.total()).toBe(10);
    expect((await list.loginIds()).every((name) => name?.startsWith('mb0101010129'))).toBe(true);
  });

  it('sorts by a column and filters by online state', async () => {
    const { list } = await accountsScreen(journey());
    await list.table.sortBy('loginId');
    await expect.poll(() => list.loginIds()).toEqual(['ma03', 'ma02', 'ma01']);
    expect(await list.table.sortOf('loginId')).toBe('descending');
    await list.table.sortBy('loginId');
    await expect.poll(() => list.loginIds()).toEqual(['ma01', 'ma02', 'ma03']);
    expect(await list.table.sortOf('loginId')).toBe('ascending');
    await list.setFilter('online', 'yes');
    await expect.poll(() => list.total()).toBe(0);
    expect(await list.table.empty().textContent()).toBe(text('accounts.empty'));
  });

  it('shows the balances as of a past moment, marked and read-only, set on the screen or from the palette, and back to now', async () => {
    const { shell, list } = await accountsScreen(journey());
    const page = shell.page;
    await expect.poll(() => list.loginIds()).toEqual(['ma03', 'ma02', 'ma01']);
    const balanceOf = async (loginId: string) =>
      formatCents(
        BigInt(
          (await e2e.gw.db.one<{ balance: bigint }>(sql`SELECT balance FROM accounts WHERE site_id = 'demo' AND login_id = ${loginId}`))!
            .balance,
        ),
      );
    // A whole second (the control's unit) before the movement below.
    const then = Math.floor((Date.now() - 1000) / 1000) * 1000;
    const before = await balanceOf('ma01');
    await e2e.gw.rpc('gw.credit.user.score.up', {
      opsId: await e2e.gw.sessionFor('admin'),
      userId: await e2e.gw.accountId('ma01'),
      amount: '12.34',
    });
    const asOfCell = list.row('ma01').getByTestId('as-of-balance');
    try {
      await page.getByTestId('as-of-input').fill(beijingWallTime(then).replace(' ', 'T'));
      await expect.poll(() => page.getByTestId('as-of-banner').textContent()).toBe(text('asOf.banner', { time: beijingWallTime(then) }));
      await expect.poll(() => asOfCell.getAttribute('data-value')).toBe(before);
      // The line above the list (the tree) shows its balances then too.
      await expect.poll(() => list.breadcrumbStep('admin').getByTestId('as-of-balance').count()).toBe(1);
      // Read-only: the row's action that moves points is disabled, the others are not.
      await list.openActionsOf('ma01');
      await expect.poll(() => list.action('account.setScore').getAttribute('aria-disabled')).toBe('true');
      expect(await list.action('account.edit').getAttribute('aria-disabled')).toBeNull();
      await page.keyboard.press('Escape');

      await page.getByTestId('as-of-off').click();
      await expect.poll(() => asOfCell.count()).toBe(0);
      expect(await page.getByTestId('as-of-banner').count()).toBe(0);
      await expect.poll(() => balanceOf('ma01')).not.toBe(before);

      // The palette's "As of…": a Beijing time typed on its next page.
      await shell.runCommand('view.asOf');
      await page.getByTestId('palette-page').waitFor();
      await page.keyboard.type(beijingWallTime(then));
      await expect
        .poll(() => page.getByRole('option').first().textContent())
        .toContain(text('asOf.choice', { time: beijingWallTime(then) }));
      await page.keyboard.press('Enter');
      await expect.poll(() => asOfCell.getAttribute('data-value')).toBe(before);
      // The input's value is the normalized form, which leaves out seconds of 0 ("14:19", not "14:19:00").
      expect(await page.getByTestId('as-of-input').inputValue()).toBe(beijingWallTime(then).replace(' ', 'T').replace(/:00$/, ''));
    } finally {
      if (await page.getByTestId('as-of-off').count()) await page.getByTestId('as-of-off').click();
    }
  });

  it('keeps its filters and sort in the address: a reload restores them and Back restores the previous filter', async () => {
    const { shell, list } = await accountsScreen(journey());
    const page = shell.page;
    await list.table.sortBy('loginId');
    await list.table.sortBy('loginId');
    await expect.poll(() => list.loginIds()).toEqual(['ma01', 'ma02', 'ma03']);
    expect(await list.table.sortOf('loginId')).toBe('ascending');
    await list.setFilter('online', 'no');
    await expect.poll(() => page.evaluate(() => location.hash)).toBe('#/account/index?online=no&sort=loginId.asc');
    await expect.poll(() => list.loginIds()).toEqual(['ma01', 'ma02', 'ma03']);
    await list.setFilter('online', 'yes');
    await expect.poll(() => list.total()).toBe(0);

    await page.reload();
    await shell.screen('accounts').waitFor();
    await expect.poll(() => list.filter('online').inputValue()).toBe('yes');
    await expect.poll(() => list.total()).toBe(0);
    expect(await list.table.sortOf('loginId')).toBe('ascending');

    await page.goBack();
    await expect.poll(() => list.filter('online').inputValue()).toBe('no');
    await expect.poll(() => list.loginIds()).toEqual(['ma01', 'ma02', 'ma03']);
    expect(await list.table.sortOf('loginId')).toBe('ascending');
    expect(await shell.highlighted('accounts')).toBe(true);
  });

  it('in English, cuts no column title, level name or search placeholder', async () => {
    const { shell, list } = await accountsScreen(journey());
    const { page } = shell;
    await shell.runCommand('preferences.language');
    await page.keyboard.type('en');
    await page.locator('[data-command-id="preferences.language::en"][aria-selected="true"]').waitFor();
    await page.keyboard.press('Enter');
    await expect.poll(() => list.table.header('level').textContent()).toBe(text('accounts.column.level', {}, 'en'));
    await expect.poll(() => list.loginIds()).toEqual(['ma03', 'ma02', 'ma01']);
    expect(await list.table.cellText(list.table.row((await list.table.attributeOfRows())[0]!), 'level')).toBe(text('level.1', {}, 'en'));
    const cut = await page.evaluate(() => {
      const wider = (element: HTMLElement) => element.clientWidth > 1 && element.scrollWidth > element.clientWidth;
      const titles = [...document.querySelectorAll<HTMLElement>('[role=columnheader], [role=columnheader] *')].filter(wider);
      const levels = [...document.querySelectorAll<HTMLElement>('[role=row][data-row-id] [role=cell][data-column=level]')].filter(wider);
      // The placeholder as typed text: the field's scroll width is that text's.
      const search = document.querySelector<HTMLInputElement>('[data-testid=account-search]')!;
      search.value = search.placeholder;
      const fields = wider(search) ? [search] : [];
      search.value = '';
      return [...titles, ...levels, ...fields].map((element) => element.textContent || (element as HTMLInputElement).placeholder);
    });
    expect(cut).toEqual([]);
  });
});

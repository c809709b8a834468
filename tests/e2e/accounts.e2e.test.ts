import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openApp, signIn } from '../support/app-page';
import { useAppInChromium } from '../support/app-in-chromium';

const e2e = useAppInChromium();

async function accountsScreen(): Promise<Page> {
  const page = await openApp(e2e.browser, e2e.gw);
  await signIn(page, e2e.gw, 'admin');
  await page.getByTestId('notice-screen').waitFor();
  await page.keyboard.press('Alt+2');
  await page.getByTestId('account-list-screen').waitFor();
  return page;
}

const rowNames = (page: Page) =>
  page.getByTestId('account-row').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-login-id')));

describe.runIf(e2e.run)('user management in Chromium', () => {
  it("lists the company's agents and drills down the tree by keyboard, with the breadcrumb and the menu entry kept", async () => {
    const page = await accountsScreen();
    await expect.poll(() => rowNames(page)).toEqual(['ma03', 'ma02', 'ma01']);
    expect(await page.getByTestId('account-total').textContent()).toBe('共 3 个');
    expect(await page.getByTestId('sidebar').getByRole('link', { name: '用户管理' }).getAttribute('aria-current')).toBe('page');

    await page.getByTestId('account-rows').focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => rowNames(page)).toEqual(['sh0202', 'sh0201']);
    expect(await page.getByTestId('account-breadcrumb').textContent()).toMatch(/admin.*ma02/);
    expect(page.url()).toMatch(/#\/account\/index\/\d+$/);
    expect(await page.getByTestId('sidebar').getByRole('link', { name: '用户管理' }).getAttribute('aria-current')).toBe('page');

    await page.getByTestId('account-rows').focus();
    await page.keyboard.press('Backspace');
    await expect.poll(() => rowNames(page)).toEqual(['ma03', 'ma02', 'ma01']);
    await page.context().close();
  });

  it("shows an agent's 300 members in a virtualized table that loads as it scrolls, and searches by name", async () => {
    const page = await accountsScreen();
    for (const name of ['ma01', 'sh0101', 'ga010101', 'ag01010101']) {
      await page.getByRole('link', { name, exact: true }).first().click();
      await page.getByTestId('account-breadcrumb').getByText(name, { exact: true }).waitFor();
    }
    await expect.poll(() => page.getByTestId('account-total').textContent()).toBe('共 300 个');
    expect(await page.getByRole('radio', { name: '会员' }).getAttribute('aria-checked')).toBe('true');
    // Only the rows in view are in the page.
    expect(await page.getByTestId('account-row').count()).toBeLessThan(60);

    // Newest first: the first member made is the last row, reached as the next pages load.
    await page.getByTestId('account-rows').focus();
    await expect
      .poll(async () => {
        await page.keyboard.press('End');
        return (await rowNames(page)).includes('mb01010101001');
      })
      .toBe(true);
    expect(await page.getByTestId('account-row').count()).toBeLessThan(60);

    await page.getByTestId('account-search').fill('MB0101010129');
    await expect.poll(() => page.getByTestId('account-total').textContent()).toBe('共 10 个');
    expect((await rowNames(page)).every((name) => name?.startsWith('mb0101010129'))).toBe(true);
    await page.context().close();
  });

  it('sorts by a column and filters by online state', async () => {
    const page = await accountsScreen();
    await page.getByRole('button', { name: '按用户名排序' }).click();
    await expect.poll(() => rowNames(page)).toEqual(['ma03', 'ma02', 'ma01']);
    await page.getByRole('button', { name: '按用户名排序' }).click();
    await expect.poll(() => rowNames(page)).toEqual(['ma01', 'ma02', 'ma03']);
    await page.getByRole('combobox', { name: '在线' }).selectOption('yes');
    await expect.poll(() => page.getByTestId('account-total').textContent()).toBe('共 0 个');
    await page.getByText('这里没有账号。').waitFor();
    await page.context().close();
  });

  it('keeps its filters and sort in the address: a reload restores them and Back restores the previous filter', async () => {
    const page = await accountsScreen();
    const sortButton = page.locator('[role=columnheader][data-column=loginId] button');
    const loginIdSort = () => page.locator('[role=columnheader][data-column=loginId]').getAttribute('aria-sort');
    const online = page.getByTestId('online-filter');
    await sortButton.click();
    await sortButton.click();
    await expect.poll(() => rowNames(page)).toEqual(['ma01', 'ma02', 'ma03']);
    expect(await loginIdSort()).toBe('ascending');
    await online.selectOption('no');
    await expect.poll(() => page.evaluate(() => location.hash)).toBe('#/account/index?online=no&sort=loginId.asc');
    await expect.poll(() => rowNames(page)).toEqual(['ma01', 'ma02', 'ma03']);
    await online.selectOption('yes');
    await expect.poll(() => page.getByTestId('account-total').textContent()).toBe('共 0 个');

    await page.reload();
    await page.getByTestId('account-list-screen').waitFor();
    await expect.poll(() => online.inputValue()).toBe('yes');
    await expect.poll(() => page.getByTestId('account-total').textContent()).toBe('共 0 个');
    expect(await loginIdSort()).toBe('ascending');

    await page.goBack();
    await expect.poll(() => online.inputValue()).toBe('no');
    await expect.poll(() => rowNames(page)).toEqual(['ma01', 'ma02', 'ma03']);
    expect(await loginIdSort()).toBe('ascending');
    expect(await page.getByTestId('sidebar').getByRole('link', { name: '用户管理' }).getAttribute('aria-current')).toBe('page');
    await page.context().close();
  });
});

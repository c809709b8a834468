import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openApp, signIn } from '../support/app-page';
import { useAppInChromium } from '../support/app-in-chromium';

const e2e = useAppInChromium();

async function signedIn(loginId: string): Promise<Page> {
  const page = await openApp(e2e.browser, e2e.gw);
  await signIn(page, e2e.gw, loginId);
  await page.getByTestId('notice-screen').waitFor();
  return page;
}

async function fill(page: Page, values: Record<string, string>) {
  for (const [field, value] of Object.entries(values)) await page.locator(`#add-${field}`).fill(value);
}

describe.runIf(e2e.run)('adding agents and members in Chromium', () => {
  it('adds an agent from the account list, which then shows it', async () => {
    const page = await signedIn('admin');
    await page.keyboard.press('Alt+2');
    await page.getByTestId('add-account').click();
    await page.getByTestId('add-account-screen').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('新增代理');
    // The menu keeps user management highlighted on this hidden screen.
    expect(await page.getByTestId('sidebar').getByRole('link', { name: '用户管理' }).getAttribute('aria-current')).toBe('page');
    await fill(page, {
      loginId: 'e2eagent1',
      nickname: 'e2e agent',
      password: 'Agent_123',
      confirmPassword: 'Agent_123',
      pointLimit: '100000',
      agentCommisionRate: '50',
      validAmountRate: '1',
    });
    await page.getByTestId('add-submit').click();
    await page.getByTestId('account-list-screen').waitFor();
    await page.getByText('已新增 e2eagent1').waitFor();
    await page.getByTestId('account-search').fill('e2eagent1');
    await expect.poll(() => page.getByTestId('account-total').textContent()).toBe('共 1 个');
    await page.context().close();
  });

  it('checks the form against the rules and the parent before sending, and shows a taken name from the gateway', async () => {
    const page = await signedIn('ma01');
    await page.keyboard.press('Control+k');
    await page.getByRole('combobox').waitFor();
    await page.keyboard.type('新增');
    await page.keyboard.press('Enter');
    await page.getByTestId('add-account-screen').waitFor();
    await fill(page, {
      loginId: 'sh0101',
      nickname: 'ab',
      password: 'weak',
      confirmPassword: 'weak2',
      pointLimit: '50000000.01',
      agentCommisionRate: '95',
      validAmountRate: '1.234',
    });
    await page.getByTestId('add-submit').click();
    await page.getByText('昵称：4 至 16 个字符').waitFor();
    await page.getByText('两次输入的密码不一致').waitFor();
    expect(await page.getByRole('alert').filter({ hasText: '不能超过' }).count()).toBe(2);
    await page.getByText('请输入 0 至 100 的百分比，最多两位小数').waitFor();

    await fill(page, {
      nickname: 'taken name',
      password: 'Agent_123',
      confirmPassword: 'Agent_123',
      pointLimit: '1000',
      agentCommisionRate: '80',
      validAmountRate: '1',
    });
    await page.getByTestId('add-submit').click();
    await page.getByText('该用户名已被使用').waitFor();
    await page.context().close();
  });

  it('lets an agent add a member (no share to set), listed among its members', async () => {
    const page = await signedIn('ag01010102');
    await page.goto(`${e2e.gw.url}/#/add/index`);
    await page.getByTestId('add-account-screen').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('新增会员');
    expect(await page.locator('#add-agentCommisionRate').count()).toBe(0);
    await fill(page, {
      loginId: 'e2emember1',
      nickname: 'e2e member',
      password: 'Member_12',
      confirmPassword: 'Member_12',
      pointLimit: '500',
      validAmountRate: '0.5',
    });
    await page.getByTestId('add-submit').click();
    await page.getByTestId('account-list-screen').waitFor();
    await expect.poll(() => page.getByTestId('account-total').textContent()).toBe('共 6 个');
    await page.context().close();
  });
});

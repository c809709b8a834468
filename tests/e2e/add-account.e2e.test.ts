import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { parseBasisPoints, parseCents } from '../../contract/amount.contract';
import zh from '../../locales/zh/common.json' with { type: 'json' };
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

const gameTypes = ['electronic', 'live'] as const;

/** The game settings the add form shows, read from its inputs (ids game-<type>-<field>), in the database's units. */
async function shownGameSettings(page: Page) {
  const shown = [];
  for (const gameType of gameTypes) {
    const text = (field: string) => page.locator(`#game-${gameType}-${field}`).inputValue();
    shown.push({
      game_type: gameType,
      betting_ratio: parseBasisPoints(await text('bettingRatio')),
      agent_rate: parseBasisPoints(await text('agentRate')),
      agent_to_company_limit: parseCents(await text('agentToCompanyLimit')),
      spread: parseBasisPoints(await text('spread')),
      red_limit: parseCents(await text('redLimit')),
      enabled: (await page.locator(`#game-${gameType}-enabled`).getAttribute('aria-checked')) === 'true',
    });
  }
  return shown;
}

async function savedGameSettings(loginId: string) {
  const rows = await e2e.gw.db.rows<Record<string, unknown>>(sql`SELECT g.game_type, g.betting_ratio, g.agent_rate,
      g.agent_to_company_limit, g.spread, g.red_limit, g.enabled
    FROM game_settings g JOIN accounts a ON a.id = g.account_id
   WHERE a.site_id = 'demo' AND a.login_id = ${loginId} ORDER BY g.game_type`);
  return rows.map((row) => ({
    ...row,
    agent_to_company_limit: Number(row.agent_to_company_limit),
    red_limit: Number(row.red_limit),
  }));
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

  it('saves the game settings it shows for an agent whose settings were not touched', async () => {
    const page = await signedIn('ma01');
    await page.goto(`${e2e.gw.url}/#/add/index`);
    await page.getByTestId('add-account-screen').waitFor();
    await fill(page, {
      loginId: 'e2eshown1',
      nickname: 'e2e shown',
      password: 'Agent_123',
      confirmPassword: 'Agent_123',
      pointLimit: '2000',
      agentCommisionRate: '40',
      validAmountRate: '0.5',
    });
    const shown = await shownGameSettings(page);
    // What the gateway makes of the agent's own share, ratio and point limit, not ma01's maxima.
    expect(
      shown.map(({ agent_rate, betting_ratio, agent_to_company_limit }) => ({ agent_rate, betting_ratio, agent_to_company_limit })),
    ).toEqual([
      { agent_rate: 4000, betting_ratio: 50, agent_to_company_limit: 200_000 },
      { agent_rate: 4000, betting_ratio: 50, agent_to_company_limit: 200_000 },
    ]);
    await page.getByTestId('add-submit').click();
    await page.getByTestId('account-list-screen').waitFor();
    expect(await savedGameSettings('e2eshown1')).toEqual(shown);
    await page.context().close();
  });

  it('saves a member with the game settings it shows, the cell typed into kept when the limits above change', async () => {
    const page = await signedIn('ag01010102');
    await page.goto(`${e2e.gw.url}/#/add/index`);
    await page.getByTestId('add-account-screen').waitFor();
    await fill(page, { loginId: 'e2eshown2', nickname: 'e2e shown', password: 'Member_12', confirmPassword: 'Member_12' });
    await fill(page, { pointLimit: '300', validAmountRate: '0.2' });
    await page.locator('#game-live-agentToCompanyLimit').fill('100');
    await page.locator('#game-electronic-enabled').click();
    await fill(page, { pointLimit: '400' });
    const shown = await shownGameSettings(page);
    expect(shown.map(({ agent_to_company_limit, agent_rate }) => ({ agent_to_company_limit, agent_rate }))).toEqual([
      { agent_to_company_limit: 40_000, agent_rate: 0 },
      { agent_to_company_limit: 10_000, agent_rate: 0 },
    ]);
    expect(shown[0]!.enabled).toBe(false);
    await page.getByTestId('add-submit').click();
    await page.getByTestId('account-list-screen').waitFor();
    expect(await savedGameSettings('e2eshown2')).toEqual(shown);
    await page.context().close();
  });

  it('labels its fields as the add form, and says who sets the first password', async () => {
    const page = await signedIn('ma01');
    await page.goto(`${e2e.gw.url}/#/add/index`);
    await page.getByTestId('add-account-screen').waitFor();
    const label = (field: string) => page.locator(`label[for="add-${field}"]`).textContent();
    expect(await label('loginId')).toBe(zh.add.loginId);
    expect(await label('password')).toBe(zh.add.password);
    expect(await label('confirmPassword')).toBe(zh.add.confirmPassword);
    expect(await label('confirmPassword')).not.toBe(zh.password.confirm);
    expect(await page.getByTestId('add-explain').textContent()).toBe(zh.add.explainAgent);
    await page.getByTestId('add-submit').click();
    expect(await page.locator('#add-loginId-problem').textContent()).toBe(zh.add.loginIdRequired);
    expect(zh.add.loginIdRequired).not.toBe(zh.validation.loginIdRequired);
    await page.context().close();
  });
});

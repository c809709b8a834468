import AxeBuilder from '@axe-core/playwright';
import { sql } from '../../server/kernel/db/sql';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { storeBets } from '../../server/games/bet.store';
import type { PlatformBet } from '../../server/platform/game-platform';
import { useAppInChromium, useJourney } from '../support/app-in-chromium';
import { keepWatching } from '../support/app-page';
import { aBet } from '../support/bet-fixture';
import { BetRecordPage } from '../support/pages/bet-record-page';
import { text } from '../support/pages/locale-text';
import { ShellPage } from '../support/pages/shell-page';

const e2e = useAppInChromium();

async function plantBets(): Promise<PlatformBet[]> {
  const member = await e2e.gw.accountId('mb01010101001');
  const now = Date.now();
  // Roulette straight bets of 10.00, lost, settled 30 s after they were placed minutes ago.
  const bet = (orderId: string, minutesAgo: number, overrides: Partial<PlatformBet>): PlatformBet =>
    aBet(member, {
      orderId,
      betTime: new Date(now - minutesAgo * 60_000),
      settleTime: new Date(now - minutesAgo * 60_000 + 30_000),
      gameCode: 'roulette',
      playType: 'straight',
      betCode: 'straight:17',
      gameId: 'ROU-01',
      gameName: '轮盘',
      bet: 1000,
      validBet: 1000,
      winLoss: -1000,
      ...overrides,
    });
  const bets = [
    bet('7001', 3, {}),
    bet('7002', 2, {
      gameCode: 'sic-bo',
      gameName: '骰宝',
      betCode: 'big',
      playType: 'big',
      bet: 2000,
      validBet: 2000,
      settle: 4000,
      winLoss: 2000,
    }),
    bet('7003', 1, { status: 'unsettled', settleTime: null, validBet: 0, winLoss: 0, bet: 500 }),
  ];
  await storeBets(e2e.gw.db, 'demo', bets, new Date());
  return bets;
}

/** An instant as the date-time inputs take Beijing wall time, to the second. */
const beijingInput = (instant: number) => new Date(instant + 8 * 3_600_000).toISOString().slice(0, 19);
/**
 * The texts of a page a screen reader reads but a sighted user does not see: outside the window
 * (sideways, or above the page), or clipped to a pixel as "for screen readers only" text is.
 */
function textsOutOfView(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const texts = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let text = texts.nextNode(); text; text = texts.nextNode()) {
      const element = text.parentElement!;
      if (!text.textContent!.trim() || element.closest('[aria-hidden="true"], [hidden]')) continue;
      const range = document.createRange();
      range.selectNodeContents(text);
      // The part of the text its clipping ancestors let through, and of that the part in the window sideways.
      let { left, right, top, bottom } = range.getBoundingClientRect();
      for (let box: Element | null = element; box; box = box.parentElement) {
        const style = getComputedStyle(box);
        if (style.overflow === 'visible' && style.clip === 'auto') continue;
        const clip = box.getBoundingClientRect();
        [left, right, top, bottom] = [
          Math.max(left, clip.left),
          Math.min(right, clip.right),
          Math.max(top, clip.top),
          Math.min(bottom, clip.bottom),
        ];
      }
      [left, right] = [Math.max(left, 0), Math.min(right, innerWidth)];
      if (right - left <= 1 || bottom - top <= 1 || bottom + scrollY <= 0) found.push(text.textContent!.trim());
    }
    return found;
  });
}

/** The same instant as the maintenance screen writes it. */
const beijingText = (instant: number) => beijingInput(instant).replace('T', ' ');
/** The maintenance poll runs every 10 s: a change shows within that, plus a margin. */
const POLL_WAIT_MS = 20_000;

async function confirmWithSafeCode(page: Page) {
  const dialog = page.getByTestId('settings-confirm');
  await dialog.waitFor();
  await page.locator('#settings-safeCode').fill('1234');
  await page.getByTestId('settings-confirm-submit').click();
  await dialog.waitFor({ state: 'detached' });
}

/**
 * An agent reading its line's bets and the company setting the site up, each on one page signed
 * in once: the agent's page is also one of the two that the company's maintenance window sends
 * to the maintenance screen and back.
 */
describe.runIf(e2e.run)("an agent's bet record and the company's system settings, two signed-in pages", () => {
  const journey = useJourney(e2e, async () => {
    const agent = await ShellPage.signedIn(e2e.browser, e2e.gw, 'ag01010101');
    const company = await ShellPage.signedIn(e2e.browser, e2e.gw, 'admin');
    keepWatching(company.page);
    return {
      page: agent.page,
      agent,
      company,
      close: async () => {
        await agent.close();
        await company.close();
      },
    };
  });

  it('lists the line’s bets of today with totals, finds one by order number and refuses letters in it', async () => {
    await plantBets();
    const shell = journey().agent;
    await shell.runCommand('go.videoOrder');
    await shell.screen('videoOrder').waitFor();
    // Yesterday and today (Beijing), so bets of the last minutes are in range even just after midnight there.
    const beijingDay = (instant: number) => new Date(instant + 8 * 3_600_000).toISOString().slice(0, 10);
    await shell.goTo('videoOrder', `?start=${beijingDay(Date.now() - 86_400_000)}&end=${beijingDay(Date.now())}`);
    const bets = new BetRecordPage(shell.page);
    await expect.poll(() => bets.orderIds()).toEqual(['7003', '7002', '7001']);
    // Totals of the whole range: stakes and results of every bet but cancelled ones.
    expect(await bets.totalOf('bet')).toBe('35.00');
    expect(await bets.totalOf('winLoss')).toBe('10.00');
    expect(await bets.table.cellText(bets.row('7002'), 'game')).toBe(text('games.name.sic-bo'));

    await bets.searchOrder('7002');
    await expect.poll(() => bets.orderIds()).toEqual(['7002']);
    expect(await bets.totalOf('bet')).toBe('20.00');

    await bets.searchOrder('70a2');
    await bets.orderProblem().waitFor();
    expect(await bets.orderProblem().textContent()).toBe(text('bets.orderDigits'));
    expect(await bets.orderIds()).toEqual(['7002']);

    await bets.searchOrder('');
    await bets.setStatus('unsettled');
    await expect.poll(() => bets.orderIds()).toEqual(['7003']);
  });

  it('opens a bet in its sheet with the round’s result and the line, and goes from its round number to that round', async () => {
    const roulette = aBet(await e2e.gw.accountId('mb01010101001'), {
      orderId: '7101',
      gameCode: 'roulette',
      playType: 'straight',
      betCode: 'straight:17',
      gameId: 'ROU-01',
      gameName: '轮盘',
    });
    await storeBets(e2e.gw.db, 'demo', [roulette], new Date());
    await e2e.gw.db.run(sql`INSERT INTO game_rounds (game_code, game_id, round_no, started_at, ended_at, result, site_id)
      VALUES ('roulette', 'ROU-01', ${roulette.round}, ${roulette.betTime}, ${roulette.settleTime}, '{"number": 17, "colour": "black"}', NULL)
      ON CONFLICT DO NOTHING`);
    const shell = journey().agent;
    await shell.runCommand('go.videoOrder');
    const bets = new BetRecordPage(shell.page);
    // The list the screen showed is the one read before the bet came: its number finds it, as an agent told of it would.
    await bets.searchOrder('7101');
    await expect.poll(() => bets.orderIds()).toContain('7101');
    await bets.row('7101').getByTestId('bet-open').click();

    const sheet = shell.page.getByTestId('bet-detail-body');
    await sheet.waitFor();
    expect(await sheet.getAttribute('data-order-id')).toBe('7101');
    expect(await sheet.getByTestId('bet-detail-round').locator('[data-result]').getAttribute('data-result')).toBe('wheel:17');
    const levels = sheet.getByTestId('bet-line-level');
    expect(
      await levels.evaluateAll((rows) => rows.map((row) => `${row.getAttribute('data-kind')}:${row.getAttribute('data-level')}`)),
    ).toEqual(['upline:3', 'agent:4', 'member:5']);
    expect(await levels.nth(1).textContent()).toContain('ag01010101');

    await sheet.getByTestId('bet-detail-round').getByTestId('bet-round-link').click();
    await shell.screen('gameResult').waitFor();
    await expect
      .poll(() => shell.page.getByTestId('result-row').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-round'))))
      .toEqual([roulette.round]);
  });

  it('schedules maintenance seconds ahead: two signed-in agents go to the maintenance screen and come back when the company, which stays in, ends it', async () => {
    const { company, agent } = journey();
    const ma01 = await ShellPage.signedIn(e2e.browser, e2e.gw, 'ma01');
    // Both agents wait on their first screen, as just signed in.
    await agent.goTo('notice');
    const agents = [ma01, agent];
    const { page } = company;

    await company.runCommand('systemSetting.maintenance');
    await company.screen('systemSetting').waitFor();
    await expect.poll(() => page.getByTestId('maintenance-state').getAttribute('data-state')).toBe('none');
    const axe = await new AxeBuilder({ page }).include('[data-testid="system-setting-screen"]').analyze();
    expect(axe.violations.map((violation) => violation.id)).toEqual([]);
    // Set last, a few seconds ahead, as an operator would type it: the window starts after the save whatever the machine's speed.
    const start = (Math.floor(Date.now() / 1000) + 8) * 1000;
    await page.getByTestId('setting-maintenance-startTime').fill(beijingInput(start));
    await page.getByTestId('setting-maintenance-endTime').fill(beijingInput(start + 3_600_000));
    await page.getByTestId('settings-save').click();
    await expect.poll(() => page.getByTestId('settings-confirm-changes').textContent()).toContain(beijingText(start).slice(0, 16));
    await confirmWithSafeCode(page);
    await expect.poll(() => page.getByTestId('maintenance-state').getAttribute('data-state')).toBe('scheduled');

    // One agent in Thai (the longest texts) on a phone-wide window: the screen fits it as it fits the desktop in Chinese.
    await ma01.page.setViewportSize({ width: 390, height: 800 });
    await ma01.runCommand('preferences.language');
    await ma01.page.keyboard.type('th');
    await ma01.page.locator('[data-command-id="preferences.language::th"][aria-selected="true"]').waitFor();
    await ma01.page.keyboard.press('Enter');
    await expect.poll(() => ma01.page.evaluate(() => document.documentElement.lang)).toBe('th');
    for (const agent of agents) {
      await agent.page.getByTestId('maintenance-screen').waitFor({ timeout: POLL_WAIT_MS });
      expect(await agent.page.getByTestId('maintenance-start').textContent()).toBe(beijingText(start));
      expect(await textsOutOfView(agent.page)).toEqual([]);
      expect(await agent.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        await agent.page.evaluate(() => innerWidth),
      );
    }
    expect(Date.now()).toBeGreaterThanOrEqual(start);
    // The company is not shut out: its screens work, with a banner saying the agents are.
    await page.getByTestId('maintenance-banner').waitFor({ timeout: POLL_WAIT_MS });
    await expect.poll(() => page.getByTestId('maintenance-state').getAttribute('data-state')).toBe('on');
    await company.goTo('notice');
    await company.goTo('systemSetting');

    await page.getByTestId('maintenance-end-now').click();
    await confirmWithSafeCode(page);
    await company.toast(text('systemSetting.saved', { count: 1 })).waitFor();
    // The dialog's submit is its own: the settings form behind it did not read it as a save of nothing.
    expect(await company.toast(text('systemSetting.nothingChanged')).count()).toBe(0);
    await expect.poll(() => page.getByTestId('maintenance-state').getAttribute('data-state')).toBe('none');
    for (const agent of agents) await agent.screen('notice').waitFor({ timeout: POLL_WAIT_MS });
    await page.getByTestId('maintenance-banner').waitFor({ state: 'detached', timeout: POLL_WAIT_MS });

    const records = await e2e.gw.db.rows<{ changes: { field: string; after: unknown }[] }>(
      sql`SELECT changes FROM operation_log WHERE method = 'gw.credit.sys.setting' AND level = 'normal' ORDER BY id`,
    );
    expect(records.map((record) => record.changes.map((change) => [change.field, change.after]))).toEqual([
      [
        ['maintenanceStart', beijingText(start)],
        ['maintenanceEnd', beijingText(start + 3_600_000)],
      ],
      [
        ['maintenanceStart', null],
        ['maintenanceEnd', null],
      ],
    ]);
    await ma01.close();
  });

  it('refuses a whitelist that would lock out its author on the field, saves one that keeps them in, shows a new PNG logo at once, and keeps the retention days set from the palette', async () => {
    const { company } = journey();
    const { page } = company;
    const { callerIp } = await e2e.gw.rpc('gw.credit.sys.setting.get', { opsId: await e2e.gw.sessionFor('admin') });
    const whitelist = async () =>
      e2e.gw.db.one<{ on: boolean; rules: number }>(
        sql`SELECT ip_whitelist_on AS on, (SELECT count(*)::int FROM site_ip_rules WHERE site_id = 'demo' AND kind = 'allow') AS rules
              FROM sites WHERE id = 'demo'`,
      );
    await company.goTo('systemSetting');
    await page.getByTestId('setting-ipWhitelistOn').click();
    await page.locator('#setting-ipWhitelist').fill('203.0.113.9');
    await page.getByTestId('settings-save').click();
    await confirmWithSafeCode(page);
    await page.locator('#setting-ipWhitelist-problem').waitFor();
    expect(await whitelist()).toEqual({ on: false, rules: 0 });

    await page.locator('#setting-ipWhitelist').fill(`203.0.113.9\n${callerIp}`);
    await page.getByTestId('settings-save').click();
    await confirmWithSafeCode(page);
    await company.toast(text('systemSetting.saved', { count: 2 })).waitFor();
    expect(await whitelist()).toEqual({ on: true, rules: 2 });
    // Its author is still in: another screen loads.
    await company.goTo('notice');
    await company.goTo('systemSetting');

    // Only a PNG or JPEG is taken, checked before anything is sent.
    await page.getByTestId('logo-file').setInputFiles({ name: 'logo.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') });
    await page.getByText(text('systemSetting.logo.type')).waitFor();
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
    await page.getByTestId('logo-file').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
    await expect.poll(() => page.getByTestId('logo-preview').getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    await page.getByTestId('settings-save').click();
    await confirmWithSafeCode(page);
    await company.toast(text('systemSetting.saved', { count: 1 })).waitFor();
    const header = page.getByTestId('header-logo').locator('img');
    await expect.poll(() => header.getAttribute('src')).toMatch(/^\/site-logo\/[0-9a-f]{16}$/);
    const served = await page.evaluate(
      async (address) => {
        const response = await fetch(address!);
        return { type: response.headers.get('content-type'), bytes: [...new Uint8Array(await response.arrayBuffer())] };
      },
      await header.getAttribute('src'),
    );
    expect(served).toEqual({ type: 'image/png', bytes: [...png] });

    // Data retention from the palette: the command lands in its section, a day count out of range
    // is refused on the field, one within it is confirmed as a listed change and kept.
    await page.keyboard.press('Control+k');
    await page.getByRole('dialog').getByRole('combobox').waitFor();
    await page.keyboard.type('systemSetting.retention');
    await page.locator('[data-command-id="systemSetting.retention"][aria-selected="true"]').waitFor();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('setting-retention-requestKeys');
    await page.locator('#setting-retention-loginLog').fill('29');
    await page.getByTestId('settings-save').click();
    await page.locator('#setting-retention-loginLog-problem').waitFor();
    await page.locator('#setting-retention-loginLog').fill('60');
    await page.getByTestId('settings-save').click();
    await expect
      .poll(() => page.getByTestId('settings-confirm-changes').textContent())
      .toContain(`${text('systemSetting.field.retention.loginLog')}: 60`);
    await confirmWithSafeCode(page);
    await expect
      .poll(() => e2e.gw.db.one(sql`SELECT retention_days->'loginLog' AS days FROM sites WHERE id = 'demo'`))
      .toEqual({ days: 60 });
    await expect.poll(() => page.locator('#setting-retention-loginLog').inputValue()).toBe('60');
  });
});

import { sql } from '../../server/kernel/db/sql';
import { describe, expect, it } from 'vitest';
import { systemClock } from '../../server/kernel/clock';
import { formatDateTime } from '../../src/lib/format';
import { storeRounds } from '../../server/games/game-round.store';
import { simulatorPlatform } from '../../server/simulator/simulator-platform';
import { startSimulator, TICK_MS } from '../../server/simulator/simulator-runtime';
import { useAppInChromium, useJourney } from '../support/app-in-chromium';
import { AccountListPage } from '../support/pages/account-list-page';
import { BetRecordPage } from '../support/pages/bet-record-page';
import { DataTablePage } from '../support/pages/data-table-page';
import { DeviceSwitchesPage, GameSwitchPage } from '../support/pages/games-page';
import { text } from '../support/pages/locale-text';
import { ShellPage } from '../support/pages/shell-page';
import { simulatorBackOffice } from '../../server/gateway/simulator-back-office';

const e2e = useAppInChromium();

describe.runIf(e2e.run)('an agent switching devices and reading game results in Chromium, one signed-in page', () => {
  const journey = useJourney(e2e, () => ShellPage.signedIn(e2e.browser, e2e.gw, 'ag01010102'));

  it("turns a member's app off from the account's row actions, and the edit screen shows it off", async () => {
    const shell = journey();
    await shell.pressShortcut('accounts');
    const list = new AccountListPage(shell.page);
    await list.waitForRows();
    await list.openActionsOf('mb01010102003');
    await list.action('member.devices').click();
    await shell.screen('deviceSwitch').waitFor();
    const devices = new DeviceSwitchesPage(shell.page);
    await expect.poll(() => devices.isEnabled('app')).toBe(true);

    await devices.switchOf('app').click();
    await shell.confirm();
    const values = { device: text('device.app'), loginId: 'mb01010102003' };
    await shell.toast(text('device.disabled', values)).waitFor();
    await expect.poll(() => devices.isEnabled('app')).toBe(false);
    expect(await devices.isEnabled('pc')).toBe(true);
    const member = await e2e.gw.db.one<{ device_app: boolean; device_pc: boolean }>(
      sql`SELECT device_app, device_pc FROM accounts WHERE login_id = 'mb01010102003'`,
    );
    expect(member).toEqual({ device_app: false, device_pc: true });

    await shell.goTo('editAccount', `/${await e2e.gw.accountId('mb01010102003')}`);
    await expect.poll(() => devices.isEnabled('app')).toBe(false);
    // Turning one on asks nothing.
    await devices.switchOf('app').click();
    await shell.toast(text('device.enabled', values)).waitFor();
    await expect.poll(() => devices.isEnabled('app')).toBe(true);
  });

  it("finds a round by its number and draws its result: the wheel's number, the dice", async () => {
    const ended = Date.now() - 60_000;
    const at = (offset: number) => new Date(ended + offset);
    await storeRounds(e2e.gw.db, [
      {
        siteId: 'demo',
        gameCode: 'roulette',
        gameId: 'ROU-01',
        round: 'E2E-0001',
        startedAt: at(-30_000),
        endedAt: at(0),
        result: { number: 17, colour: 'black' },
      },
      {
        siteId: 'demo',
        gameCode: 'roulette',
        gameId: 'ROU-01',
        round: 'E2E-0002',
        startedAt: at(0),
        endedAt: at(30_000),
        result: { number: 32, colour: 'red' },
      },
      {
        siteId: 'demo',
        gameCode: 'sic-bo',
        gameId: 'SIC-01',
        round: 'E2E-0001',
        startedAt: at(-30_000),
        endedAt: at(0),
        result: { dice: [2, 2, 5], total: 9 },
      },
    ]);
    const shell = journey();
    const beijingDay = (instant: number) => new Date(instant + 8 * 3_600_000).toISOString().slice(0, 10);
    await shell.goTo('gameResult', `?start=${beijingDay(Date.now() - 86_400_000)}&end=${beijingDay(Date.now())}`);
    const results = new DataTablePage(shell.page, 'result-rows');
    await expect.poll(() => results.attributeOfRows('round')).toEqual(['E2E-0002', 'E2E-0001', 'E2E-0001']);

    const round = shell.page.getByTestId('results-round');
    await round.fill('E2E-0002');
    await round.press('Enter');
    await expect.poll(() => results.attributeOfRows('round')).toEqual(['E2E-0002']);
    const drawn = results.rowWhere('round', 'E2E-0002').locator('[data-result]');
    expect(await drawn.getAttribute('data-result')).toBe('wheel:32');
    expect(await drawn.getAttribute('aria-label')).toBe(text('results.wheel', { number: 32, colour: text('results.colour.red') }));

    await round.fill('E2E-0001');
    await round.press('Enter');
    await shell.page.getByTestId('results-game').selectOption('sic-bo');
    await expect.poll(() => results.attributeOfRows('game-id')).toEqual(['SIC-01']);
    expect(await results.rowWhere('game-id', 'SIC-01').locator('[data-result]').getAttribute('data-result')).toBe('dice:2-2-5');
  });
});

// After the agents' tests: the demo's play below stores rounds of its own, which the game results would list.
describe.runIf(e2e.run)('an admin closing games in Chromium, one signed-in page', () => {
  const journey = useJourney(e2e, () => ShellPage.signedIn(e2e.browser, e2e.gw, 'admin'));

  it('closes a game for the site after confirming, keeps it closed after a reload, and opens it from the palette', async () => {
    const shell = journey();
    await shell.goTo('notice');
    await shell.runCommand('go.gameSwitch');
    await shell.screen('gameSwitch').waitFor();
    const games = new GameSwitchPage(shell.page);
    await games.row('sic-bo').waitFor();
    expect(await games.isOpen('sic-bo')).toBe(true);

    await games.switchButton('sic-bo', 'close').click();
    await shell.confirm();
    await shell.toast(text('games.closed', { game: text('games.name.sic-bo') })).waitFor();
    await expect.poll(() => games.isOpen('sic-bo')).toBe(false);
    const stored = await e2e.gw.db.rows<{ game_code: string }>(sql`SELECT game_code FROM site_games_closed WHERE site_id = 'demo'`);
    expect(stored.map((row) => row.game_code)).toEqual(['sic-bo']);

    await shell.page.reload();
    await shell.screen('gameSwitch').waitFor();
    await games.row('sic-bo').waitFor();
    expect(await games.isOpen('sic-bo')).toBe(false);
    expect(await games.isOpen('baccarat')).toBe(true);

    // The palette switches the chosen game to its other state; opening asks nothing.
    await shell.runCommand('games.switch');
    await shell.page.getByTestId('palette-page').waitFor();
    await expect.poll(() => shell.page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('combobox');
    await shell.page.keyboard.type('sic-bo');
    await shell.page.locator('[data-command-id="games.switch::sic-bo"][aria-selected="true"]').waitFor();
    await shell.page.keyboard.press('Enter');
    await shell.toast(text('games.opened', { game: text('games.name.sic-bo') })).waitFor();
    await expect.poll(() => games.isOpen('sic-bo')).toBe(true);
  });

  it('closes a game while the demo plays: its bets stop, refused at the platform, while the other games go on', async () => {
    const failures: unknown[] = [];
    const stop = startSimulator(
      e2e.gw.db,
      { seed: 'e2e-play', rate: 60, holder: 'e2e', platformFor: simulatorPlatform, backOffice: simulatorBackOffice },
      systemClock,
      (error) => failures.push(error),
    );
    const betsOf = (game: string) =>
      e2e.gw.db.rows<{ order_id: string; bet_time: string }>(
        sql`SELECT order_id, bet_time FROM bets WHERE site_id = 'demo' AND game_code = ${game} AND order_id LIKE '7%'`,
      );
    try {
      // A slot machine members are spinning (a spin is stored at once).
      let game = '';
      await expect
        .poll(
          async () => {
            const busiest = await e2e.gw.db.one<{ game_code: string }>(sql`
              SELECT game_code FROM bets WHERE site_id = 'demo' AND order_id LIKE '7%' AND game_type = 'electronic'
               GROUP BY game_code HAVING count(*) >= 3 ORDER BY count(*) DESC LIMIT 1`);
            game = busiest?.game_code ?? '';
            return game;
          },
          { timeout: 60_000, interval: 1_000 },
        )
        .not.toBe('');

      const shell = journey();
      await shell.goTo('notice');
      const beijingDay = (instant: number) => new Date(instant + 8 * 3_600_000).toISOString().slice(0, 10);
      const range = `start=${beijingDay(Date.now() - 86_400_000)}&end=${beijingDay(Date.now())}`;
      await shell.goTo('videoOrder', `?${range}&game=${game}`);
      const bets = new BetRecordPage(shell.page);
      await expect.poll(async () => (await bets.orderIds()).length).toBeGreaterThan(0);

      await shell.goTo('gameSwitch');
      const games = new GameSwitchPage(shell.page);
      await games.switchButton(game, 'close').click();
      await shell.confirm();
      await shell.toast(text('games.closed', { game: text(`games.name.${game}`) })).waitFor();
      const closedAt = Date.now();

      // The platform refuses the game's bets from then on, and the other games go on.
      await expect
        .poll(
          async () =>
            Number(
              (
                await e2e.gw.db.one<{ count: string | number }>(
                  sql`SELECT count FROM platform_refusals WHERE site_id = 'demo' AND reason = 'game-closed'`,
                )
              )?.count ?? 0,
            ),
          { timeout: 30_000, interval: 1_000 },
        )
        .toBeGreaterThan(0);
      await expect
        .poll(
          async () =>
            (await e2e.gw.db.one(
              sql`SELECT 1 FROM bets WHERE site_id = 'demo' AND game_code <> ${game} AND order_id LIKE '7%' AND bet_time > ${new Date(closedAt + TICK_MS)}`,
            )) !== undefined,
          { timeout: 30_000, interval: 1_000 },
        )
        .toBe(true);

      // The screen's newest bet of the closed game was placed before it closed (in a tick already under way at most).
      const newest = await e2e.gw.db.one<{ order_id: string; bet_time: string }>(sql`
        SELECT order_id, bet_time FROM bets WHERE site_id = 'demo' AND game_code = ${game}
         ORDER BY COALESCE(settle_time, bet_time) DESC, order_id DESC LIMIT 1`);
      // A fresh page: the list read now, not the one kept from the first visit.
      await shell.goTo('videoOrder', `?${range}&game=${game}`);
      await shell.page.reload();
      await shell.screen('videoOrder').waitFor();
      await expect.poll(async () => (await bets.orderIds())[0]).toBe(newest!.order_id);
      expect(await bets.table.cellText(bets.row(newest!.order_id), 'betTime')).toBe(formatDateTime(newest!.bet_time, 'zh'));
      expect(new Date(newest!.bet_time).getTime()).toBeLessThanOrEqual(closedAt + TICK_MS);
      const stored = await betsOf(game);
      expect(stored.every((bet) => new Date(bet.bet_time).getTime() <= closedAt + TICK_MS)).toBe(true);
    } finally {
      await stop();
      await e2e.gw.db.run(sql`DELETE FROM site_games_closed WHERE site_id = 'demo'`);
      await e2e.gw.db.run(sql`DELETE FROM simulator_games_closed WHERE site_id = 'demo'`);
    }
    expect(failures).toEqual([]);
  });
});

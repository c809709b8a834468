import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { storeBets, type PlatformBet } from '../../server/games/bet.store';
import { useAppInChromium } from '../support/app-in-chromium';
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

describe.runIf(e2e.run)('the bet record in Chromium', () => {
  it('lists the line’s bets of today with totals, finds one by order number and refuses letters in it', async () => {
    await plantBets();
    const shell = await ShellPage.signedIn(e2e.browser, e2e.gw, 'ag01010101');
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
    await shell.close();
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
    const shell = await ShellPage.signedIn(e2e.browser, e2e.gw, 'ag01010101');
    await shell.runCommand('go.videoOrder');
    const bets = new BetRecordPage(shell.page);
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
    await shell.close();
  });
});

import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { storeBets, type PlatformBet } from '../../server/games/bet.store';
import { useAppInChromium } from '../support/app-in-chromium';
import { DataTablePage } from '../support/pages/data-table-page';
import { ShellPage } from '../support/pages/shell-page';

const e2e = useAppInChromium();

async function openBet(orderId: string, loginId: string, stake: number): Promise<PlatformBet> {
  const at = new Date();
  return {
    orderId,
    memberId: await e2e.gw.accountId(loginId),
    betTime: at,
    settleTime: null,
    gameCode: 'baccarat',
    gameType: 'live',
    playType: 'banker',
    betCode: 'banker',
    gameId: 'BAC-01',
    gameName: '百家乐',
    round: '20261126-0777',
    transactionId: `T${orderId}`,
    status: 'unsettled',
    bet: stake,
    validBet: 0,
    settle: 0,
    winLoss: 0,
    jackpot: 0,
    jackpotWon: 0,
    jackpotRake: 0,
    redPacket: 0,
  };
}

describe.runIf(e2e.run)('exposure rating in Chromium', () => {
  it('ranks open stakes per member and per direct line, and drills from a line to its members', async () => {
    await e2e.gw.db.run(sql`DELETE FROM bets WHERE status = 'unsettled'`);
    await storeBets(
      e2e.gw.db,
      'demo',
      [
        await openBet('660001', 'mb01010101001', 20_000),
        await openBet('660002', 'mb02010101001', 70_000),
        await openBet('660003', 'mb01010101002', 30_000),
      ],
      new Date(),
    );
    const shell = await ShellPage.signedIn(e2e.browser, e2e.gw, 'admin');
    const { page } = shell;
    await shell.runCommand('go.exposureRating');
    await shell.screen('exposureRating').waitFor();
    const table = new DataTablePage(page, 'exposure-rows');
    const names = async () => Promise.all((await page.getByTestId('exposure-row').all()).map((row) => table.cellText(row, 'loginId')));
    await expect.poll(names).toEqual(['mb02010101001', 'mb01010101002', 'mb01010101001']);
    expect(await page.getByTestId('exposure-sum').getAttribute('data-stake')).toBe('1200.00');

    await page.getByTestId('exposure-view-line').click();
    await expect.poll(names).toEqual(['ma02', 'ma01']);
    await page.locator('[data-testid="exposure-row"][data-login-id="ma01"]').getByTestId('exposure-members').click();
    await expect.poll(names).toEqual(['mb01010101002', 'mb01010101001']);
    expect(await page.getByTestId('exposure-sum').getAttribute('data-stake')).toBe('500.00');
    await shell.close();
  });
});

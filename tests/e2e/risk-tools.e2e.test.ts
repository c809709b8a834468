import { sql } from '../../server/kernel/db/sql';
import { describe, expect, it } from 'vitest';
import { storeBets } from '../../server/games/bet.store';
import { PlatformSilent, type PlatformBet, type PlatformFor } from '../../server/platform/game-platform';
import { simulatorPlatform } from '../../server/simulator/simulator-platform';
import { transferIn } from '../../server/points/game-transfers';
import { formatAmount, formatDateMinute } from '../../src/lib/format';
import { beijingMidnight } from '../../contract/beijing-time.contract';
import { reconcileSite } from '../../server/reconciliation/reconciliation-job';
import { setSimulatorFaults } from '../../server/simulator/simulator-faults';
import { publish } from '../../server/simulator/simulator-runtime';
import { useAppInChromium, useJourney } from '../support/app-in-chromium';
import { aBet, feedBet } from '../support/bet-fixture';
import { DataTablePage } from '../support/pages/data-table-page';
import { ShellPage } from '../support/pages/shell-page';

const e2e = useAppInChromium();

/** A baccarat bet placed now and not settled yet: open exposure of `stake`. */
async function openBet(orderId: string, loginId: string, stake: number): Promise<PlatformBet> {
  return aBet(await e2e.gw.accountId(loginId), {
    orderId,
    betTime: new Date(),
    settleTime: null,
    round: '20261126-0777',
    status: 'unsettled',
    bet: stake,
    validBet: 0,
    winLoss: 0,
  });
}

describe.runIf(e2e.run)('risk tools in Chromium, one signed-in page', () => {
  const journey = useJourney(e2e, () => ShellPage.signedIn(e2e.browser, e2e.gw, 'admin'));

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
    const shell = journey();
    await shell.page.keyboard.press('Escape');
    await shell.goTo('notice');
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
  });

  it('checks large score operations after the fact: select, confirm, and they leave the queue without moving points', async () => {
    const { db } = e2e.gw;
    await db.run(sql`UPDATE sites SET monitor_score_cents = 500000 WHERE id = 'demo'`);
    // What the seed moved is taken as checked already, so the queue holds this test's two operations.
    const admin = await e2e.gw.accountId('admin');
    await db.run(sql`INSERT INTO score_checks (site_id, serial_no, checked_by, checked_login, checked_at)
      SELECT site_id, serial_no, ${admin}, 'seed', now() FROM score_log WHERE site_id = 'demo' AND type IN ('up', 'down') ON CONFLICT DO NOTHING`);
    const opsId = await e2e.gw.sessionFor('admin');
    const serials: string[] = [];
    for (const [loginId, amount] of [
      ['ma01', '6000'],
      ['ma02', '7000.50'],
    ] as const) {
      const answer = await e2e.gw.rpc('gw.credit.user.score.up', { opsId, userId: await e2e.gw.accountId(loginId), amount });
      serials.push(answer.serialNo as string);
    }
    const balances = await db.rows(sql`SELECT id, balance FROM accounts WHERE site_id = 'demo' ORDER BY id`);

    const shell = journey();
    await shell.page.keyboard.press('Escape');
    await shell.goTo('notice');
    const { page } = shell;
    await shell.runCommand('go.scoreCheck');
    await shell.screen('scoreCheck').waitFor();
    const table = new DataTablePage(page, 'score-check-rows');
    await expect.poll(() => table.attributeOfRows('serial')).toEqual(serials);
    expect(await page.getByTestId('score-check-waiting').getAttribute('data-count')).toBe('2');
    const row = page.locator(`[data-testid="score-check-row"][data-serial="${serials[1]}"]`);
    expect(await table.cellText(row, 'child')).toContain('ma02');

    for (const serial of serials)
      await page.locator(`[data-testid="score-check-row"][data-serial="${serial}"]`).getByTestId('row-check').check();
    await page.getByTestId('score-check-selected').click();
    await shell.confirm();
    await expect.poll(() => table.attributeOfRows('serial')).toEqual([]);
    await expect.poll(() => page.getByTestId('score-check-waiting').getAttribute('data-count')).toBe('0');

    await page.getByTestId('score-check-checked').click();
    await expect
      .poll(async () => (await table.attributeOfRows('serial')).filter((serial) => serials.includes(serial!)))
      .toEqual([...serials].reverse());
    expect(await row.getByTestId('score-check-by').textContent()).toContain('admin');
    expect(await db.rows(sql`SELECT id, balance FROM accounts WHERE site_id = 'demo' ORDER BY id`)).toEqual(balances);
  });

  it('shows a member’s deal record from the palette, with its back-office and platform balances running', async () => {
    const { db } = e2e.gw;
    const member = await e2e.gw.accountId('mb01010101003');
    await e2e.gw.rpc('gw.credit.user.score.up', { opsId: await e2e.gw.sessionFor('ag01010101'), userId: member, amount: '500' });
    const transfer = await transferIn(db, (q) => simulatorPlatform(q), {
      siteId: 'demo',
      memberId: member,
      amount: 20_000,
      transferId: 'E2E-DEAL-1',
      now: new Date(),
    });
    const settled = {
      ...(await openBet('660101', 'mb01010101003', 5_000)),
      settleTime: new Date(Date.now() + 1000),
      status: 'settled' as const,
    };
    await storeBets(
      db,
      'demo',
      [{ ...settled, transactionId: transfer.sessionId, validBet: 5_000, settle: 12_500, winLoss: 7_500 }],
      new Date(),
    );
    const stored = await db.one<{ balance: string | number }>(sql`SELECT balance FROM accounts WHERE id = ${member}`);

    const shell = journey();
    await shell.page.keyboard.press('Escape');
    await shell.goTo('notice');
    const { page } = shell;
    await shell.runCommand('dealRecord.open');
    await page.getByTestId('palette-page').waitFor();
    await page.keyboard.type('mb01010101003');
    await page.locator(`[data-command-id="dealRecord.open::${member}"][aria-selected="true"]`).waitFor();
    await page.keyboard.press('Enter');
    await shell.screen('dealRecord').waitFor();
    expect(await page.getByTestId('deal-record-account').textContent()).toBe('mb01010101003');
    const table = new DataTablePage(page, 'deal-record-rows');
    await expect.poll(async () => (await table.attributeOfRows('kind')).slice(-2)).toEqual(['in', 'bet']);
    const rows = await page.getByTestId('deal-record-row').all();
    const [transferRow, betRow] = rows.slice(-2) as [(typeof rows)[number], (typeof rows)[number]];
    const money = (cents: number) => formatAmount((cents / 100).toFixed(2), 'zh');
    expect(await table.cellText(transferRow, 'change')).toBe(`-${money(20_000)}`);
    expect(await table.cellText(transferRow, 'balance')).toBe(money(Number(stored!.balance)));
    expect(await table.cellText(transferRow, 'platformBalance')).toBe(money(20_000));
    expect(await table.cellText(betRow, 'platformChange')).toBe(money(7_500));
    expect(await table.cellText(betRow, 'platformBalance')).toBe(money(27_500));
    expect(await table.cellText(betRow, 'balance')).toBe(money(Number(stored!.balance)));
  });

  it('shows a reconciliation difference the job found, with the rows of both sides, and resolves it with a note', async () => {
    const { db } = e2e.gw;
    // A bet the platform's feed dropped, on a day of its own: the job finds it missing on our side.
    const from = beijingMidnight(Date.parse('2027-05-10T04:00:00Z'));
    const betAt = new Date(from + 3_600_000);
    const member = await e2e.gw.accountId('mb01010101002');
    await setSimulatorFaults(db, 'demo', [{ subject: 'bet', action: 'drop' }]);
    await publish(db, 'demo', 'bet', feedBet(aBet(member, { orderId: '6770000001', betTime: betAt, settleTime: betAt })), betAt);
    const run = await reconcileSite(db, (q) => simulatorPlatform(q), {
      kind: 'intraday',
      window: { siteId: 'demo', from: new Date(from), to: new Date(from + 2 * 3_600_000) },
      now: new Date(from + 2 * 3_600_000 + 60_000),
    });
    expect(run.differences.map((difference) => difference.class)).toEqual(['missing']);

    const shell = journey();
    await shell.page.keyboard.press('Escape');
    await shell.goTo('notice');
    const { page } = shell;
    await shell.runCommand('go.reconciliation');
    await shell.screen('reconciliation').waitFor();
    const runRow = page.locator(`[data-testid="reconciliation-run-row"][data-run="${run.runId}"]`);
    expect(await runRow.getAttribute('data-state')).toBe('differences');
    await runRow.getByTestId('reconciliation-show').click();
    const differences = new DataTablePage(page, 'reconciliation-difference-rows');
    const row = page.locator(`[data-testid="reconciliation-difference-row"][data-ref="${member}/baccarat"]`);
    await row.waitFor();
    expect(await row.getAttribute('data-class')).toBe('missing');
    expect(await differences.cellText(row, 'platformRow')).toContain('count: 1');
    expect(await differences.cellText(row, 'ref')).toContain('mb01010101002');

    await row.getByTestId('row-check').check();
    await page.getByTestId('reconciliation-note').fill('Bet entered from the platform statement');
    await page.getByTestId('reconciliation-resolve').click();
    await expect.poll(() => row.getAttribute('data-resolved')).toBe('true');
    expect(await differences.cellText(row, 'resolution')).toContain('Bet entered from the platform statement');
  });

  it('opens the transfers in flight from the palette, lists an overdue one, and shows the complete-to stamp on the win/loss report', async () => {
    const { db } = e2e.gw;
    const shell = journey();
    await shell.page.keyboard.press('Escape');
    await shell.goTo('notice');
    const { page } = shell;
    await shell.runCommand('reconciliation.inFlight');
    await shell.screen('reconciliation').waitFor();
    expect(await shell.screen('reconciliation').getAttribute('data-tab')).toBe('inflight');
    await page.getByTestId('in-flight-settled').waitFor();

    // A transfer in whose answer was lost, which the platform applied with another amount: the repair
    // job finds the records differ and leaves it to a person, so it stays in flight.
    const member = await db.one<{ id: bigint; login_id: string }>(sql`SELECT id, login_id FROM accounts
      WHERE site_id = 'demo' AND kind = 'tree' AND level = 5 AND status = 1 AND NOT in_game AND balance >= 100000
        AND login_id NOT IN ('mb01010101001', 'mb01010101002', 'mb02010101001') ORDER BY id DESC LIMIT 1`);
    const lost: PlatformFor = (q) => ({
      ...simulatorPlatform(q),
      transferIn: async (call) => {
        await simulatorPlatform(q).transferIn({ ...call, amount: call.amount + 1n });
        throw new PlatformSilent('transferIn: timeout');
      },
    });
    const moved = await transferIn(db, lost, {
      siteId: 'demo',
      memberId: String(member!.id),
      amount: 12_345,
      transferId: 'E2E-IN-FLIGHT-1',
      now: new Date(Date.now() - 15 * 60_000),
    });
    expect(moved.state).toBe('pending');
    await page.getByTestId('in-flight-refresh').click();
    const overdue = page.locator('[data-testid="in-flight-overdue-row"][data-transfer="E2E-IN-FLIGHT-1"]');
    await overdue.waitFor();
    expect(await overdue.getAttribute('data-direction')).toBe('in');
    expect(await overdue.textContent()).toContain(member!.login_id);
    const bucket = page.locator('[data-testid="in-flight-direction"][data-direction="in"] [data-bucket="10to60m"]');
    expect(await bucket.getAttribute('data-count')).toBe('1');
    expect(await bucket.getAttribute('data-amount')).toBe('123.45');
    expect(await page.getByTestId('in-flight-oldest').getAttribute('data-seconds')).not.toBeNull();

    // A clean run on a day of its own, after every run before it: the reports are complete to its cut-off.
    const from = beijingMidnight(Date.parse('2027-06-01T04:00:00Z'));
    const to = new Date(from + 90 * 60_000);
    const run = await reconcileSite(db, (q) => simulatorPlatform(q), {
      kind: 'intraday',
      window: { siteId: 'demo', from: new Date(from), to },
      now: new Date(to.getTime() + 60_000),
    });
    expect(run.state).toBe('clean');
    await shell.goTo('winningReport');
    const stamp = page.getByTestId('report-complete-to');
    await expect.poll(() => stamp.getAttribute('data-complete-to')).toBe(to.toISOString());
    expect(await stamp.textContent()).toContain(formatDateMinute(to, 'zh'));
  });
});

import AxeBuilder from '@axe-core/playwright';
import ExcelJS from 'exceljs';
import { sql } from '../../server/kernel/db/sql';
import { describe, expect, it } from 'vitest';
import { useAppInChromium, useJourney } from '../support/app-in-chromium';
import { consoleErrors } from '../support/app-page';
import { beijingDayOf, beijingWallTime } from '../../contract/beijing-time.contract';
import { storeBets } from '../../server/games/bet.store';
import { aBet, plantSettledBet } from '../support/bet-fixture';
import { DataTablePage } from '../support/pages/data-table-page';
import { text } from '../support/pages/locale-text';
import { ShellPage } from '../support/pages/shell-page';

const e2e = useAppInChromium();

/** The journey's shell back on the notices, as a person leaves a screen: a menu or dialog closed. */
async function fromTheNotices(shell: ShellPage): Promise<ShellPage> {
  await shell.page.keyboard.press('Escape');
  await shell.goTo('notice');
  return shell;
}

describe.runIf(e2e.run)("an admin's reports in Chromium, one signed-in page", () => {
  const journey = useJourney(e2e, () => ShellPage.signedIn(e2e.browser, e2e.gw, 'admin'));

  it('drills down from the company to a member and its bets, draws the days and game types, and exports what it shows', async () => {
    // The fixture of docs/product.md#report-rows on one line: shares of 40 %, rates of 1.0 %, the member 0.8 %.
    await e2e.gw.db.run(sql`UPDATE game_settings SET agent_rate = 4000, betting_ratio = 100
      WHERE account_id IN (SELECT id FROM accounts WHERE site_id = 'demo' AND login_id IN ('ma01', 'sh0101', 'ga010101', 'ag01010102'))`);
    await e2e.gw.db.run(sql`UPDATE game_settings SET agent_rate = 0, betting_ratio = 80
      WHERE account_id = (SELECT id FROM accounts WHERE site_id = 'demo' AND login_id = 'mb01010102002')`);
    await plantSettledBet(e2e.gw, { orderId: '880000000001', loginId: 'mb01010102002', winLoss: -1_200, validBet: 9_000 });

    const shell = await fromTheNotices(journey());
    const errors = consoleErrors(shell.page);
    // The palette asks whose report and which range: the company's own line, today.
    await shell.runCommand('reports.winLossFor');
    await shell.page.getByTestId('palette-page').waitFor();
    await shell.page.locator('[data-command-id="reports.winLossFor::self"][aria-selected="true"]').waitFor();
    await shell.page.keyboard.press('Enter');
    await shell.page.locator('[data-command-id="reports.winLossFor:self:today"]').waitFor();
    await shell.page.keyboard.type('today');
    await shell.page.locator('[data-command-id="reports.winLossFor:self:today"][aria-selected="true"]').waitFor();
    await shell.page.keyboard.press('Enter');
    await shell.screen('winningReport').waitFor();

    const table = new DataTablePage(shell.page, 'report-rows');
    const open = async (loginId: string) => {
      await table.rowWhere('login-id', loginId).getByTestId('report-open').click();
    };
    await table.rowWhere('login-id', 'ma01').waitFor();
    expect(await shell.page.getByTestId('win-loss-kind').textContent()).toBe(text('reports.agentTotalReport'));
    expect(await table.cellText(table.rowWhere('login-id', 'ma01'), 'agentToCompany')).toBe('6.30');
    await expect.poll(() => shell.page.getByTestId('report-own').getAttribute('data-result')).toBe('6.30');
    // Charts: one day, one game type.
    await shell.page.locator('[data-testid=report-chart-days][data-bars="1"]').waitFor();
    await shell.page.locator('[data-testid=report-chart-types][data-bars="1"]').waitFor();
    expect(await shell.page.locator('[data-testid=report-chart-days] .recharts-bar-rectangle').count()).toBeGreaterThan(0);
    const axe = await new AxeBuilder({ page: shell.page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(axe.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')).toEqual([]);

    // Export what is shown, with the totals, and read it back: one header row, the range in the file's name.
    const [download] = await Promise.all([shell.page.waitForEvent('download'), shell.page.getByTestId('report-export-xlsx').click()]);
    expect(download.suggestedFilename()).toMatch(
      new RegExp(`^${text('route.winningReport')} \\d{4}-\\d{2}-\\d{2}–\\d{4}-\\d{2}-\\d{2} admin-\\d{8}-\\d{6}\\.xlsx$`),
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile((await download.path())!);
    const sheet = workbook.worksheets[0]!;
    const values = (row: number) => (sheet.getRow(row).values as unknown[]).slice(1);
    const header = values(1).map(String);
    expect(header[0]).toBe(text('reports.column.loginId'));
    // An amount column's title names the site's currency when the gateway gives it: "… (CNY)".
    const toCompany = header.findIndex((title) => title.startsWith(text('reports.column.agentToCompany')));
    expect(values(2)[0]).toBe('ma01');
    expect(values(2)[toCompany]).toBe(6.3);
    // Counts and percents are numbers, not text; a percent in the spreadsheet's own format.
    expect(typeof values(2)[header.indexOf(text('reports.column.bets'))]).toBe('number');
    expect(typeof values(2)[header.indexOf(text('reports.column.companyProfitRate'))]).toBe('number');
    expect(sheet.getRow(2).getCell(header.indexOf(text('reports.column.companyProfitRate')) + 1).numFmt).toBe('0.00%');
    expect(values(3)[0]).toBe(text('bets.sumRow'));
    expect(values(3)[toCompany]).toBe(6.3);

    // Down the line to the member, then its bets.
    for (const [login, next] of [
      ['ma01', 'sh0101'],
      ['sh0101', 'ga010101'],
      ['ga010101', 'ag01010102'],
      ['ag01010102', 'mb01010102002'],
    ] as const) {
      await open(login);
      await table.rowWhere('login-id', next).waitFor();
    }
    expect(await shell.page.getByTestId('report-crumb').allTextContents()).toEqual([
      text('reports.myLine'),
      'ma01',
      'sh0101',
      'ga010101',
      'ag01010102',
    ]);
    const member = table.rowWhere('login-id', 'mb01010102002');
    expect(await shell.page.getByTestId('win-loss-kind').textContent()).toBe(text('reports.playerTotalReport'));
    expect(await table.cellText(member, 'valueWonLose')).toBe('-12.00');
    expect(await table.cellText(member, 'betRebate')).toBe('0.72');
    await expect.poll(() => shell.page.getByTestId('report-own').getAttribute('data-result')).toBe('4.98');
    await open('mb01010102002');
    await shell.screen('videoOrder').waitFor();
    const bets = new DataTablePage(shell.page, 'bet-rows');
    await bets.rowWhere('order-id', '880000000001').waitFor();
    // Its columns are wider than the table: scrolled to the end, the header and the totals row still
    // reach the last column, and rows never show through a header cell.
    await bets.root.evaluate((table) => table.scrollTo(table.scrollWidth, 0));
    const head = await bets.headLayout();
    expect(head.scrollWidth).toBeGreaterThan(await bets.root.evaluate((table) => table.clientWidth));
    expect(head.rowWidths).toEqual([head.scrollWidth, head.scrollWidth]);
    expect(new Set(head.headerAlphas)).toEqual(new Set([1]));

    // Back, then up to the top through the breadcrumb.
    await shell.page.goBack();
    await shell.screen('winningReport').waitFor();
    await table.rowWhere('login-id', 'mb01010102002').waitFor();
    await shell.page.getByTestId('report-crumb').first().click();
    await table.rowWhere('login-id', 'ma01').waitFor();
    expect(errors).toEqual([]);
  });

  it("opens a member's daily report from the palette, its day sums the member's bets, and the day opens those bets", async () => {
    await plantSettledBet(e2e.gw, { orderId: '880000000301', loginId: 'mb01010102003', winLoss: 50_000, validBet: 9_000 });
    const member = await e2e.gw.accountId('mb01010102003');
    const dayStart = new Date(Math.floor((Date.now() + 8 * 3_600_000) / 86_400_000) * 86_400_000 - 8 * 3_600_000);
    const today = new Date(dayStart.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
    const sum = await e2e.gw.db.one<{ win_loss: string | number }>(sql`SELECT sum(win_loss) AS win_loss FROM bets
      WHERE member_id = ${member} AND status IN ('settled', 'resettled') AND settle_time >= ${dayStart}`);

    const shell = await fromTheNotices(journey());
    const { page } = shell;
    await shell.runCommand('reports.dailyFor');
    await page.getByTestId('palette-page').waitFor();
    await page.keyboard.type('mb01010102003');
    // The first choice is one's own line; the member found is picked, then today.
    await page.locator(`[data-command-id="reports.dailyFor::${member}"]`).click();
    await page.locator(`[data-command-id="reports.dailyFor:${member}:today"]`).click();
    await shell.screen('dailyReport').waitFor();
    expect(await page.getByTestId('daily-report-screen').getAttribute('data-member')).toBe('true');
    expect(await page.getByTestId('daily-account').textContent()).toBe('mb01010102003');
    const row = new DataTablePage(page, 'daily-rows').rowWhere('day', today);
    await expect.poll(() => row.getAttribute('data-result')).toBe((Number(sum!.win_loss) / 100).toFixed(2));
    await page.getByTestId('daily-chart').waitFor();
    // The range's profit rate is not a sum of days: the totals row takes it from the member's summary report.
    const summary = await e2e.gw.rpc('gw.credit.player.summary.report', {
      opsId: await e2e.gw.sessionFor('admin'),
      userId: member,
      startTime: dayStart.toISOString(),
      endTime: new Date(dayStart.getTime() + 86_400_000).toISOString(),
    });
    await expect.poll(() => page.getByTestId('daily-summary').textContent()).toBe(`${summary.companyProfitRate.toFixed(2)}%`);

    await row.getByTestId('daily-open').click();
    await shell.screen('videoOrder').waitFor();
    await new DataTablePage(page, 'bet-rows').rowWhere('order-id', '880000000301').waitFor();
  });

  it("ranks the line's members, biggest winners first or biggest losers, as a table and as bars", async () => {
    await plantSettledBet(e2e.gw, { orderId: '880000000002', loginId: 'mb01010101001', winLoss: 5_000, validBet: 9_000 });
    await plantSettledBet(e2e.gw, { orderId: '880000000003', loginId: 'mb01010102002', winLoss: -800, validBet: 9_000 });
    const shell = await fromTheNotices(journey());
    await shell.menuEntry('leaderboard').click();
    await shell.screen('leaderboard').waitFor();
    const table = new DataTablePage(shell.page, 'leaderboard-rows');
    // Other tests of this file plant bets of other members today: the order of these two is what counts.
    const planted = new Set(['mb01010101001', 'mb01010102002']);
    const ranked = async () => (await table.attributeOfRows('login-id')).filter((loginId) => planted.has(loginId ?? ''));
    // The biggest winners are those who won: the member who lost is not among them.
    await expect.poll(ranked).toEqual(['mb01010101001']);
    const rows = (await table.attributeOfRows('login-id')).length;
    await shell.page.locator(`[data-testid=leaderboard-chart][data-bars="${rows}"]`).waitFor();
    await shell.page.getByTestId('leaderboard-by').selectOption('loss');
    await expect.poll(ranked).toEqual(['mb01010102002']);
    expect(await table.cellText(table.rowWhere('login-id', 'mb01010102002'), 'valueWonLose')).toBe('-20.00');
    await shell.page.getByTestId('leaderboard-limit').selectOption('10');
    expect(await shell.page.getByTestId('leaderboard-by').inputValue()).toBe('loss');
  });

  it("shows the score ups, downs and transfers of each line, drilled down to a member's score log", async () => {
    const admin = await e2e.gw.sessionFor('admin');
    const ma01 = await e2e.gw.accountId('ma01');
    await e2e.gw.rpc('gw.credit.user.score.up', { opsId: admin, userId: ma01, amount: '12.34' });
    const shell = await fromTheNotices(journey());
    await shell.menuEntry('tradingReport').click();
    await shell.screen('tradingReport').waitFor();
    const table = new DataTablePage(shell.page, 'trading-rows');
    const row = table.rowWhere('login-id', 'ma01');
    await row.waitFor();
    expect(Number(await table.cellText(row, 'upCount'))).toBeGreaterThanOrEqual(1);
    await row.getByTestId('report-open').click();
    await table.rowWhere('level', '2').first().waitFor();
    expect(await shell.page.getByTestId('report-crumb').allTextContents()).toEqual([text('reports.myLine'), 'ma01']);
    await shell.page.getByTestId('report-crumb').first().click();
    await table.rowWhere('login-id', 'ma01').waitFor();

    // The column chooser hides a column; the report remembers it after a reload, and shows it again on request.
    const header = (column: string) => shell.page.locator(`[data-testid=trading-rows] [role=columnheader][data-column=${column}]`);
    const toggle = async (column: string) => {
      await shell.page.getByTestId('table-columns').click();
      await shell.page.locator(`[data-testid=table-column-option][data-column=${column}]`).click();
      await shell.page.keyboard.press('Escape');
    };
    await toggle('downCount');
    await header('downCount').waitFor({ state: 'detached' });
    await shell.page.reload();
    await table.rowWhere('login-id', 'ma01').waitFor();
    expect(await header('downCount').count()).toBe(0);
    expect(await header('upCount').count()).toBe(1);
    expect(await shell.page.locator('[data-testid=trading-rows] [role=columnheader][data-sticky]').getAttribute('data-column')).toBe(
      'loginId',
    );
    await toggle('downCount');
    await header('downCount').waitFor();
  });

  it("opens an agent's bill from the palette, drills to the agents below it and back up the breadcrumb", async () => {
    const ma01 = await e2e.gw.accountId('ma01');
    const shell = await fromTheNotices(journey());
    const { page } = shell;
    await shell.runCommand('reports.billOf');
    await page.getByTestId('palette-page').waitFor();
    await page.keyboard.type('ma01');
    await page.locator(`[data-command-id="reports.billOf::${ma01}"]`).click();
    await shell.screen('bill').waitFor();
    const bills = new DataTablePage(page, 'bill-rows');
    // ma01's children, listed without a close action: only an agent's own parent closes its period.
    await bills.rowWhere('login-id', 'sh0101').waitFor();
    expect(await page.getByTestId('report-crumb').allTextContents()).toEqual([text('reports.myLine'), 'ma01']);
    expect(await page.getByTestId('bill-close').count()).toBe(0);
    await bills.rowWhere('login-id', 'sh0101').getByTestId('bill-open').click();
    await bills.rowWhere('login-id', 'ga010101').waitFor();
    expect(await page.getByTestId('report-crumb').allTextContents()).toEqual([text('reports.myLine'), 'ma01', 'sh0101']);
    await page.getByTestId('report-crumb').first().click();
    const own = bills.rowWhere('login-id', 'ma01');
    await own.waitFor();
    expect(await own.getByTestId('bill-close').count()).toBe(1);
  });
});

describe.runIf(e2e.run)("an agent's bill in Chromium, after the admin's reports, one signed-in page", () => {
  const journey = useJourney(e2e, () => ShellPage.signedIn(e2e.browser, e2e.gw, 'ga010101'));

  it("closes a child agent's settlement period from the bill after confirming, and lists it closed", async () => {
    const today = beijingDayOf(new Date());
    const shell = await fromTheNotices(journey());
    await shell.menuEntry('bill').click();
    await shell.screen('bill').waitFor();
    const bills = new DataTablePage(shell.page, 'bill-rows');
    const row = bills.rowWhere('login-id', 'ag01010102');
    await row.waitFor();
    // Today's bets stay in the open period: the admin's first step's fixture bet (6.30) and the 8.00 loss of its ranking step.
    expect(await bills.cellText(row, 'agentToCompany')).not.toBe('0.00');
    expect(await bills.cellText(row, 'days')).toBe(today.date);
    // A bet settled yesterday (Beijing): the open period holds two days, and the close keeps only yesterday.
    const yesterday = beijingDayOf(new Date(today.start - 12 * 3_600_000));
    const settled = new Date(yesterday.start + 12 * 3_600_000);
    await storeBets(
      e2e.gw.db,
      'demo',
      [aBet(await e2e.gw.accountId('mb01010102002'), { orderId: '880000000009', betTime: settled, settleTime: settled })],
      new Date(),
    );
    await shell.page.reload();
    await row.waitFor();
    await expect.poll(() => bills.cellText(row, 'days')).toBe(`${yesterday.date} – ${today.date}`);
    await row.getByTestId('bill-close').click();
    // The confirmation shows the gateway's preview: the period ending where today begins, and the one bet of yesterday it freezes.
    const dialog = shell.page.locator('[data-testid=action-confirm][data-destructive=false]');
    await dialog.waitFor();
    await expect.poll(() => dialog.textContent()).toContain(`→ ${beijingWallTime(today.start)}`);
    expect(await dialog.textContent()).toContain(text('bill.previewNumbers', { bets: 1 }).split('{{validAmount}}')[0]);
    // Enter confirms the previewed close: the action is the default button.
    await expect.poll(() => shell.page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('action-confirm-ok');
    await shell.page.keyboard.press('Enter');
    const closed = new DataTablePage(shell.page, 'bill-closed-rows');
    await closed.rowWhere('login-id', 'ag01010102').waitFor();
    // The closed and open tables refresh after the close: read them once they have.
    await expect.poll(() => closed.cellText(closed.rowWhere('login-id', 'ag01010102'), 'period')).toBe(yesterday.date);
    await expect.poll(() => bills.cellText(row, 'days')).toBe(today.date);
    const stored = await e2e.gw.db.one<{ n: string | number }>(sql`SELECT count(*) AS n FROM settlements s
      JOIN accounts a ON a.id = s.account_id WHERE a.login_id = 'ag01010102'`);
    expect(Number(stored!.n)).toBe(1);
    // A second close today is refused before any question: the row says why and offers no close.
    await row.getByTestId('bill-closed-today').waitFor();
    expect(await row.getByTestId('bill-closed-today').textContent()).toBe(text('bill.closedToday'));
    expect(await row.getByTestId('bill-close').count()).toBe(0);
    // The close's own confirmation leaves (it animates out); no second one opens.
    await expect.poll(() => shell.page.getByTestId('action-confirm').count()).toBe(0);

    // The close froze the period's statement: it opens from the statements, exports and prints as frozen.
    const frozen = await e2e.gw.db.one<{ id: string; content_hash: string }>(sql`SELECT s.id::text AS id, s.content_hash
      FROM statements s JOIN accounts a ON a.id = s.account_id WHERE a.login_id = 'ag01010102'`);
    await shell.menuEntry('statement').click();
    await shell.screen('statement').waitFor();
    const statements = new DataTablePage(shell.page, 'statement-rows');
    await statements.rowWhere('statement-id', frozen!.id).getByTestId('statement-open').click();
    const detail = shell.page.locator('[data-testid=statement-detail][data-hash-ok=true]');
    await detail.waitFor();
    expect(await shell.page.getByTestId('statement-hash').textContent()).toContain(frozen!.content_hash);
    const lines = new DataTablePage(shell.page, 'statement-lines');
    expect(await lines.cellText(lines.rowWhere('line', 'total.bets'), 'count')).toBe('1');
    const [download] = await Promise.all([
      shell.page.waitForEvent('download'),
      shell.page.getByTestId('statement-detail-export-xlsx').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile((await download.path())!);
    const cells = workbook.worksheets[0]!.getSheetValues().flat().map(String);
    expect(cells.some((cell) => cell.includes(frozen!.content_hash))).toBe(true);
    const [pdf] = await Promise.all([shell.page.waitForEvent('download'), shell.page.getByTestId('statement-pdf').click()]);
    expect(pdf.suggestedFilename()).toBe(`statement-${frozen!.id}.pdf`);
    const [printable] = await Promise.all([shell.page.context().waitForEvent('page'), shell.page.getByTestId('statement-print').click()]);
    await printable.getByTestId('statement-printable').waitFor();
    expect(await printable.locator('h1').textContent()).toContain('ag01010102');
    await printable.close();
  });
});

import AxeBuilder from '@axe-core/playwright';
import { sql } from '../../server/kernel/db/sql';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { formatAmount } from '../../src/lib/format';
import { addDays, beijingDay } from '../../src/lib/time';
import { useAppInChromium, useJourney } from '../support/app-in-chromium';
import { text } from '../support/pages/locale-text';
import { OperationRecordPage } from '../support/pages/operation-record-page';
import { ShellPage } from '../support/pages/shell-page';

const e2e = useAppInChromium();

describe.runIf(e2e.run)("the admin's operation record in Chromium, one signed-in page", () => {
  const journey = useJourney(e2e, () => ShellPage.signedIn(e2e.browser, e2e.gw, 'admin'));

  it('shows the owner a score operation with its balance change and exports it, then the sign-ins of the line and the last sign-ins of an account', async () => {
    const ma01 = await e2e.gw.accountId('ma01');
    const moved = await e2e.gw.rpc('gw.credit.user.score.up', {
      opsId: await e2e.gw.sessionFor('admin'),
      userId: ma01,
      amount: '12.34',
      comment: 'e2e audit',
    });
    expect((await e2e.gw.login('ma01')).error).toBeUndefined();

    const shell = journey();
    await shell.page.keyboard.press('Escape');
    await shell.goTo('notice');
    const record = new OperationRecordPage(shell.page);
    await shell.menuEntry('operationRecord').click();
    await record.root.waitFor();
    const row = record.operation('gw.credit.user.score.up', { operator: 'admin', target: 'ma01' });
    await row.waitFor();
    expect(await record.operations.cellText(row, 'action')).toBe(text('audit.action.gw_credit_user_score_up'));
    expect(await record.operations.cellText(row, 'operator')).toBe('admin');
    expect(await record.operations.cellText(row, 'changes')).toBe(
      `${text('audit.field.balance')}: ${formatAmount(moved.before, 'zh')} → ${formatAmount(moved.after, 'zh')}`,
    );
    expect(await row.locator('[data-level]').getAttribute('data-level')).toBe('normal');
    const axe = await new AxeBuilder({ page: shell.page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(axe.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')).toEqual([]);

    // Only that action: the filter asks the gateway again and keeps the score up alone.
    await shell.page.getByTestId('audit-action').selectOption('gw.credit.user.score.up');
    await expect.poll(() => record.operations.attributeOfRows('action')).toEqual(['gw.credit.user.score.up']);
    const [download] = await Promise.all([shell.page.waitForEvent('download'), shell.page.getByTestId('audit-export-xlsx').click()]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^${text('audit.tab.operations')}-\\d{8}-\\d{6}\\.xlsx$`));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile((await download.path())!);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(2);
    expect((sheet.getRow(1).values as unknown[]).slice(1, 6)).toEqual(
      ['audit.time', 'audit.operator', 'audit.target', 'audit.actionColumn', 'audit.changes'].map((key) => text(key)),
    );
    expect((sheet.getRow(2).values as unknown[]).slice(2, 6)).toEqual([
      'admin',
      'ma01',
      text('audit.action.gw_credit_user_score_up'),
      await record.operations.cellText(row, 'changes'),
    ]);

    await record.tab('signIns').click();
    const signIn = record.signIns.root.locator('[role=row][data-login-id="ma01"][data-code="0"]');
    await signIn.waitFor();
    expect(await record.signIns.cellText(signIn, 'result')).toBe(text('audit.signInOk'));

    await shell.goTo('editAccount', `/${ma01}`);
    await shell.page.getByTestId('recent-sign-in').first().waitFor();
    expect(await shell.page.getByTestId('recent-sign-in').first().getAttribute('data-code')).toBe('0');
  });

  it('refuses a 16-day range before asking the gateway, in Chinese and then in English', async () => {
    const shell = journey();
    await shell.page.keyboard.press('Escape');
    await shell.goTo('notice');
    const record = new OperationRecordPage(shell.page);
    const asked = await record.countCalls('gw.credit.operation.record.query');
    const today = beijingDay();
    // A range of its own: the read of the default range, the journey's first step's, may still be fresh.
    await record.open(`start=${addDays(today, -1)}&end=${today}`);
    await expect.poll(asked).toBeGreaterThan(0);

    await record.setRange(addDays(today, -15), today);
    await expect.poll(() => record.rangeProblem().textContent()).toBe(text('filter.problem.tooLong', { days: 15 }));
    const askedBefore = await asked();

    // The same range from an address: the message, no rows, and no call.
    await record.open(`start=${addDays(today, -15)}&end=${today}`);
    await expect.poll(() => record.rangeProblem().textContent()).toBe(text('filter.problem.tooLong', { days: 15 }));
    expect(await record.operations.shownCount()).toBe(0);

    await shell.runCommand('preferences.language');
    await shell.page.getByRole('option', { name: 'English' }).waitFor();
    await shell.page.keyboard.type('english');
    await shell.page.keyboard.press('Enter');
    await expect.poll(() => record.rangeProblem().textContent()).toBe(text('filter.problem.tooLong', { days: 15 }, 'en'));
    await record.root.getByRole('heading', { name: text('route.operationRecord', {}, 'en') }).waitFor();
    expect(await asked()).toBe(askedBefore);
  });

  it('then ma01, signed in on the same page: its IP check shows an address two accounts of the line signed in from, with each account and its sign-ins', async () => {
    const now = Date.now();
    for (const [loginId, minutes] of [
      ['sh0101', 30],
      ['sh0102', 20],
      ['sh0102', 10],
    ] as const) {
      await e2e.gw.db.run(sql`INSERT INTO login_log (site_id, account_id, login_id, result, ip, region, created_at)
        VALUES ('demo', ${await e2e.gw.accountId(loginId)}, ${loginId}, 'ok', '203.0.113.77', 'TH', ${new Date(now - minutes * 60_000)})`);
    }
    const shell = journey();
    await shell.signInAgainAs('ma01');
    await shell.runCommand('go.ipCheck');
    await shell.screen('ipCheck').waitFor();
    const row = shell.page.locator('[data-testid="ip-check-row"][data-ip="203.0.113.77"]');
    await expect.poll(() => row.locator('[role=cell][data-column="accounts"]').textContent()).toBe('sh0101 (1), sh0102 (2)');
    expect(await row.locator('[role=cell][data-column="count"]').textContent()).toBe('2');
  });
});

import { readFile } from 'node:fs/promises';
import { sql } from '../../server/kernel/db/sql';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useAppInChromium, useJourney } from '../support/app-in-chromium';
import { AccountListPage } from '../support/pages/account-list-page';
import { AddAccountPage } from '../support/pages/add-account-page';
import { text } from '../support/pages/locale-text';
import { ShellPage } from '../support/pages/shell-page';

// Both journeys run on an intranet name over plain HTTP: not localhost, so not a secure context,
// and the browser offers no crypto.randomUUID (forms and jobs must still make their request keys).
// Unknown hosts are the default site (demo).
const e2e = useAppInChromium({ chromiumArgs: ['--host-resolver-rules=MAP office.test 127.0.0.1'] });
const officeUrl = () => e2e.gw.url.replace('127.0.0.1', 'office.test');
const signedInAtOffice = (loginId: string) => ShellPage.signedIn(e2e.browser, e2e.gw, loginId, { origin: officeUrl() });

const idOf = async (loginId: string) =>
  String((await e2e.gw.db.one<{ id: string | number }>(sql`SELECT id FROM accounts WHERE site_id = 'demo' AND login_id = ${loginId}`))!.id);
const balanceOf = async (loginId: string) =>
  BigInt(
    (await e2e.gw.db.one<{ balance: string | number }>(sql`SELECT balance FROM accounts WHERE site_id = 'demo' AND login_id = ${loginId}`))!
      .balance,
  );
const go = (page: Page, path: string) => page.evaluate((hash) => (location.hash = hash), path);

async function expectPlainHttp(page: Page) {
  expect(await page.evaluate(() => ({ host: location.hostname, secure: isSecureContext, randomUUID: typeof crypto.randomUUID }))).toEqual({
    host: 'office.test',
    secure: false,
    randomUUID: 'undefined',
  });
}

describe.runIf(e2e.run)("the admin's accounts on a plain-HTTP intranet address, one signed-in page", () => {
  const journey = useJourney(e2e, () => signedInAtOffice('admin'));

  it('disables and enables checked direct children as a job, then the list shows their new status', async () => {
    const shell = journey();
    await expectPlainHttp(shell.page);
    await shell.goTo('accounts');
    const list = new AccountListPage(shell.page);
    await list.waitForRows();
    // Keyboard: Space checks the selected row (newest first: ma03, ma02, ma01).
    await list.table.press('ArrowDown', ' ', 'ArrowDown', ' ');
    await list.bulkBar().waitFor();
    expect(await list.bulkCount()).toBe(2);
    expect(await list.table.checkbox(list.row('ma02')).isChecked()).toBe(true);
    expect(await list.table.checkbox(list.row('ma01')).isChecked()).toBe(true);
    expect(await list.table.checkbox(list.row('ma03')).isChecked()).toBe(false);

    await list.startBulk('disable');
    await shell.confirm();
    const job = list.bulkJob();
    await expect.poll(() => job.status()).toBe('done');
    expect(await job.summary()).toBe(text('job.summary', { ok: 2, failed: 0 }));
    await list.closeBulk();
    await expect.poll(() => list.statusOf('ma02')).toBe('disabled');
    expect(await list.statusOf('ma01')).toBe('disabled');
    expect(await list.statusOf('ma03')).toBe('normal');

    await list.table.checkAll();
    expect(await list.bulkCount()).toBe(3);
    await list.startBulk('enable');
    await shell.confirm();
    await expect.poll(() => job.status()).toBe('done');
    // ma03 was not disabled: enabling it is refused for it alone.
    expect(await job.summary()).toBe(text('job.summary', { ok: 2, failed: 1 }));
    expect((await job.results())[0]).toEqual({ loginId: 'ma03', outcome: 'failed' });
    await list.closeBulk();
    await expect.poll(() => list.statusOf('ma02')).toBe('normal');
    expect(await list.statusOf('ma01')).toBe('normal');
  });

  it('adds an agent, edits and resets the password of another, and scores up a child', async () => {
    const { page } = journey();
    await go(page, '/add/index');
    await page.getByTestId('add-account-screen').waitFor();
    await new AddAccountPage(page).fillAccount({
      loginId: 'httpagent1',
      nickname: 'http agent',
      password: 'Agent_123',
      safeCode: '1357',
      pointLimit: '1000',
      agentCommisionRate: '50',
      validAmountRate: '1',
    });
    await page.getByTestId('add-submit').click();
    await page.getByTestId('account-list-screen').waitFor();
    expect(await e2e.gw.db.one(sql`SELECT nickname FROM accounts WHERE site_id = 'demo' AND login_id = 'httpagent1'`)).toEqual({
      nickname: 'http agent',
    });

    await go(page, `/editAccount/index/${await idOf('ma03')}`);
    await page.getByTestId('edit-account-screen').waitFor();
    await page.locator('#edit-nickname').fill('http edit');
    await page.getByTestId('edit-submit').click();
    await page.getByText('ma03 已保存').waitFor();
    expect(await e2e.gw.db.one(sql`SELECT nickname FROM accounts WHERE site_id = 'demo' AND login_id = 'ma03'`)).toEqual({
      nickname: 'http edit',
    });
    await page.locator('#reset-password').fill('Reset_456');
    await page.locator('#reset-confirm').fill('Reset_456');
    await page.getByTestId('reset-submit').click();
    await page.getByTestId('action-confirm-ok').click();
    await page.getByText('ma03 的密码已重置').waitFor();

    const before = await balanceOf('ma01');
    await go(page, `/settingScore/index/${await idOf('ma01')}`);
    await page.getByTestId('score-form').waitFor();
    await page.locator('#score-amount').fill('12.34');
    await page.getByTestId('score-submit').click();
    await page.getByTestId('score-confirm-ok').click();
    await page.getByTestId('score-result').waitFor();
    expect(await balanceOf('ma01')).toBe(before + 1234n);
    const keys = await e2e.gw.db.rows<{ request_key: string }>(
      sql`SELECT request_key FROM score_log WHERE site_id = 'demo' ORDER BY serial_no DESC LIMIT 1`,
    );
    expect(keys[0]!.request_key).toMatch(/^[0-9a-f]{32}$/);
    // The page's console stays clean through the step (asserted after it), not even the <style>
    // the confirmation dialogs' scroll lock inserts: it carries the page's nonce.
  });
});

describe.runIf(e2e.run)("an agent's 300 members exported, then members added one and many at once, one signed-in page", () => {
  const journey = useJourney(e2e, () => signedInAtOffice('ag01010101'));

  it("exports the agent's 300 members, more than one page, as a gateway job in the list's own order", async () => {
    const { page } = journey();
    await expectPlainHttp(page);
    await go(page, '/account/index?sort=loginId.asc');
    await page.getByTestId('account-row').first().waitFor();
    await expect.poll(() => page.getByTestId('account-total').textContent()).toBe('共 300 个');
    // The first page holds 200: the table has not loaded all of them.
    const loaded = await page.evaluate(() => document.querySelectorAll('[data-testid=account-row]').length);
    expect(loaded).toBeLessThan(300);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('account-export-xlsx').click()]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile((await download.path())!);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(301);
    const names = sheet
      .getColumn(1)
      .values.slice(2)
      .map((value) => String(value));
    expect(names).toEqual([...names].sort());
    expect(new Set(names).size).toBe(300);
    expect(names.every((name) => /^mb01010101\d{3}$/.test(name))).toBe(true);
    await page.locator('[data-testid=export-job-progress][data-phase=done]').waitFor();

    // The palette's "Export this list…" runs the same export, in the format picked on its next page.
    await page.keyboard.press('Control+k');
    await page.getByRole('dialog').getByRole('combobox').waitFor();
    await page.keyboard.type('导出');
    await page.locator('[data-command-id="screen.exportList"][aria-selected="true"]').waitFor();
    await page.keyboard.press('Enter');
    await page.getByRole('option', { name: 'CSV' }).waitFor();
    await page.keyboard.type('csv');
    const [csv] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    expect(csv.suggestedFilename()).toMatch(/\.csv$/);
    const lines = (await readFile((await csv.path())!, 'utf8')).trim().split(/\r?\n/);
    expect(lines).toHaveLength(301);
    expect(lines.slice(1).map((line) => line.split(',')[0]!.replace(/"/g, ''))).toEqual(names);
  });

  it('adds one member and then three at once', async () => {
    const { page } = journey();
    await go(page, '/add/index');
    await page.getByTestId('add-account-screen').waitFor();
    await new AddAccountPage(page).fillAccount({
      loginId: 'httpmember1',
      nickname: 'http member',
      password: 'Member_12',
      pointLimit: '500',
      validAmountRate: '0.5',
    });
    await page.getByTestId('add-submit').click();
    await page.getByTestId('account-list-screen').waitFor();

    await go(page, '/add/index/batch');
    await page.getByTestId('batch-form').waitFor();
    await page.locator('#batch-prefix').fill('httpb');
    await page.locator('#batch-count').fill('3');
    await page.locator('#batch-password').fill('Batch_123');
    await page.locator('#batch-confirmPassword').fill('Batch_123');
    await page.locator('#batch-pointLimit').fill('1');
    await page.getByTestId('batch-submit').click();
    await expect.poll(() => page.getByTestId('job-progress').getAttribute('data-status'), { timeout: 15_000 }).toBe('done');
    const added = await e2e.gw.db.rows<{ login_id: string }>(
      sql`SELECT login_id FROM accounts WHERE site_id = 'demo' AND (login_id LIKE 'httpb%' OR login_id = 'httpmember1') ORDER BY login_id`,
    );
    expect(added.map((row) => row.login_id)).toEqual(['httpb001', 'httpb002', 'httpb003', 'httpmember1']);
  });

  it('adds 100 members at once with a progress bar and the outcome of each, a taken name failing alone', async () => {
    await e2e.gw.addAccount({ loginId: 'e2eb050', parent: 'ag01010101', level: 5 });
    const shell = journey();
    await shell.goTo('addAccount');
    const add = new AddAccountPage(shell.page);
    await add.openBatch();
    await add.batch.fill({ prefix: 'e2eb', count: '100' });
    await expect.poll(() => add.batchPreview()).toContain('e2eb001 … e2eb100');
    await add.batch.fill({ password: 'Batch_123', confirmPassword: 'Batch_123', pointLimit: '10' });
    await add.submitBatch();

    const job = add.batchJob();
    await job.progress().waitFor();
    await expect.poll(() => job.status(), { timeout: 60_000 }).toBe('done');
    expect(await job.percent()).toBe(100);
    expect(await job.count()).toBe('100 / 100');
    expect(await job.summary()).toBe(text('job.summary', { ok: 99, failed: 1 }));
    // Failures come first, with the reason in the user's language.
    expect((await job.results())[0]).toEqual({ loginId: 'e2eb050', outcome: 'failed' });

    const created = await e2e.gw.db.one<{ n: string | number }>(
      sql`SELECT count(*) AS n FROM accounts a JOIN accounts p ON p.id = a.parent_id WHERE p.login_id = 'ag01010101' AND a.login_id LIKE 'e2eb%' AND a.first_login`,
    );
    expect(Number(created!.n)).toBe(99);

    await add.batchToList();
    await shell.screen('accounts').waitFor();
    const list = new AccountListPage(shell.page);
    await list.search('e2eb');
    await expect.poll(() => list.total()).toBe(100);
  });
});

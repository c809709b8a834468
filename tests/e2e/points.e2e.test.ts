import { readFileSync } from 'node:fs';
import { formatCents } from '../../contract/amount.contract';
import { beijingWallTime } from '../../contract/beijing-time.contract';
import { sql } from '../../server/kernel/db/sql';
import { transferIn } from '../../server/points/game-transfers';
import { simulatorPlatform } from '../../server/simulator/simulator-platform';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { consoleErrors } from '../support/app-page';
import { useAppInChromium, useJourney } from '../support/app-in-chromium';
import { DataTablePage } from '../support/pages/data-table-page';
import { text } from '../support/pages/locale-text';
import { ShellPage } from '../support/pages/shell-page';

const e2e = useAppInChromium();

const balanceOf = async (loginId: string) =>
  BigInt(
    (await e2e.gw.db.one<{ balance: string | number }>(sql`SELECT balance FROM accounts WHERE site_id = 'demo' AND login_id = ${loginId}`))!
      .balance,
  );
/** As the interface language (Chinese here) writes amounts: grouped thousands, two decimals. */
const fmt = (cents: bigint) => `${(cents / 100n).toLocaleString('en-US')}.${String(cents % 100n).padStart(2, '0')}`;
const logRows = async () => Number((await e2e.gw.db.one<{ n: string | number }>(sql`SELECT count(*) AS n FROM score_log`))!.n);

/** The journey's page back on the notices, as a person leaves a screen: a dialog closed, the last step's filters gone. */
async function fromTheNotices(shell: ShellPage): Promise<Page> {
  await shell.page.keyboard.press('Escape');
  await shell.goTo('notice');
  return shell.page;
}

async function scoreScreenFor(page: Page, loginId: string) {
  await page.keyboard.press('Alt+2');
  await page.getByTestId('account-row').first().waitFor();
  await page.getByTestId('account-search').fill(loginId);
  await expect.poll(() => page.getByTestId('account-row').count()).toBe(1);
  await page.locator(`[data-testid=account-row][data-login-id="${loginId}"]`).click();
  await page.getByTestId('account-rows').focus();
  await page.keyboard.press('.');
  await page.locator('[data-action-id="account.setScore"]').click();
  await page.getByTestId('score-form').waitFor();
}

beforeEach(async () => {
  if (e2e.run) await e2e.gw.db.run(sql`UPDATE sites SET min_score_interval_ms = 0`);
});

describe.runIf(e2e.run)("an admin's scores and score log in a UTC+7 browser, one signed-in page", () => {
  const journey = useJourney(e2e, () => ShellPage.signedIn(e2e.browser, e2e.gw, 'admin', { timezoneId: 'Asia/Bangkok' }));

  it('scores a direct child up and down from the screen, confirming with both balances, and the top bar follows', async () => {
    const page = await fromTheNotices(journey());
    const [admin0, ma010] = [await balanceOf('admin'), await balanceOf('ma01')];
    await scoreScreenFor(page, 'ma01');
    await page.locator('#score-amount').fill('100.5');
    await page.locator('#score-comment').fill('e2e up');
    await page.getByTestId('score-submit').click();
    // The gateway's preview, once it has come: both balances and the point limit left.
    const confirm = page.locator('[data-testid=score-confirm][data-preview=shown]');
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain(`ma01：${fmt(ma010)} → ${fmt(ma010 + 10050n)}`);
    expect(await confirm.textContent()).toContain('点数上限');
    expect(await confirm.textContent()).toContain('e2e up');
    await page.getByTestId('score-confirm-ok').click();
    await page.getByTestId('score-result').waitFor();
    expect(await page.getByTestId('score-result-target').textContent()).toBe(`${fmt(ma010)} → ${fmt(ma010 + 10050n)}`);
    expect(await page.getByTestId('score-result-operator').textContent()).toBe(`${fmt(admin0)} → ${fmt(admin0 - 10050n)}`);
    expect(await balanceOf('ma01')).toBe(ma010 + 10050n);
    await expect.poll(() => page.getByTestId('points').textContent()).toContain(fmt(admin0 - 10050n));

    await page.getByTestId('score-new').click();
    // Another transfer starts from an empty form, in the direction last chosen.
    expect([await page.locator('#score-amount').inputValue(), await page.locator('#score-comment').inputValue()]).toEqual(['', '']);
    expect(await page.getByTestId('score-up').getAttribute('aria-checked')).toBe('true');
    await page.getByTestId('score-down').click();
    await page.locator('#score-amount').fill('0.5');
    await page.getByTestId('score-submit').click();
    await page.getByTestId('score-confirm-ok').click();
    await page.getByTestId('score-result').waitFor();
    expect(await balanceOf('ma01')).toBe(ma010 + 10000n);
    expect(await balanceOf('admin')).toBe(admin0 - 10000n);
  });

  it('confirms again with one key on the fresh preview when a balance moved between the preview and the confirmation', async () => {
    const page = await fromTheNotices(journey());
    await scoreScreenFor(page, 'ma02');
    const ma020 = await balanceOf('ma02');
    await page.locator('#score-amount').fill('3');
    await page.getByTestId('score-submit').click();
    await page.locator('[data-testid=score-confirm][data-preview=shown]').waitFor();
    // Another session of the admin moves the same child meanwhile.
    const userId = String(
      (await e2e.gw.db.one<{ id: string | number }>(sql`SELECT id FROM accounts WHERE site_id = 'demo' AND login_id = 'ma02'`))!.id,
    );
    const moved = await e2e.gw.call('gw.credit.user.score.up', { opsId: await e2e.gw.sessionFor('admin'), userId, amount: '1' });
    expect(moved.error).toBeUndefined();
    await page.keyboard.press('Enter');
    const stale = page.locator('[data-testid=score-confirm][data-stale=true]');
    await stale.waitFor();
    // Nothing of the first confirmation applied: the fresh preview starts from the balance as it is now.
    expect(await balanceOf('ma02')).toBe(ma020 + 100n);
    expect(await stale.textContent()).toContain(`ma02：${fmt(ma020 + 100n)} → ${fmt(ma020 + 400n)}`);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('score-confirm-ok');
    await page.keyboard.press('Enter');
    await page.getByTestId('score-result').waitFor();
    expect(await page.getByTestId('score-result-target').textContent()).toBe(`${fmt(ma020 + 100n)} → ${fmt(ma020 + 400n)}`);
    expect(await balanceOf('ma02')).toBe(ma020 + 400n);
  });

  it('scores up and down from the palette by keyboard only: account, direction, amount, confirmation', async () => {
    const page = await fromTheNotices(journey());
    const before = await balanceOf('ma02');
    const viaPalette = async (direction: string, amount: string) => {
      await page.keyboard.press('Control+k');
      await page.getByRole('dialog').getByRole('combobox').waitFor();
      await page.keyboard.type('set score');
      await page.keyboard.press('Enter');
      for (const answer of ['ma02', direction, amount]) {
        await page.getByTestId('palette-page').waitFor();
        await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('combobox');
        await page.keyboard.type(answer);
        await page.getByRole('option').first().waitFor();
        expect(await page.getByRole('option').first().textContent()).toContain(answer);
        await page.keyboard.press('Enter');
      }
      await page.getByTestId('action-confirm').waitFor();
      // A score is not destructive: the action is the default button, Enter confirms.
      await page.keyboard.press('Enter');
    };
    await viaPalette('上分', '12.34');
    await expect.poll(() => balanceOf('ma02')).toBe(before + 1234n);
    await viaPalette('下分', '2.34');
    await expect.poll(() => balanceOf('ma02')).toBe(before + 1000n);
  });

  it("recalls a member's game wallet from its row actions: the preview in the confirmation, Enter confirms, the credit follows", async () => {
    const shell = journey();
    const page = await fromTheNotices(shell);
    const member = 'mb01010102001';
    const memberId = await e2e.gw.accountId(member);
    const platform = () => simulatorPlatform(e2e.gw.db);
    // The member brings points into the game (its lobby's transfer in).
    await transferIn(e2e.gw.db, (db) => simulatorPlatform(db), {
      siteId: 'demo',
      memberId,
      amount: 2_500,
      transferId: `E2E-RC-${Date.now()}`,
      now: new Date(),
    });
    const [credit, wallet] = [await balanceOf(member), await platform().balance({ siteId: 'demo', memberId })];
    expect(wallet).toBeGreaterThanOrEqual(2_500n);
    await shell.goTo('accounts', `/${await e2e.gw.accountId('ag01010102')}`);
    await page.locator(`[data-testid=account-row][data-login-id="${member}"]`).click();
    await page.getByTestId('account-rows').focus();
    await page.keyboard.press('.');
    await page.locator('[data-action-id="member.recallWallet"]').click();
    const dialog = page.getByTestId('action-confirm');
    await dialog.waitFor();
    await expect.poll(() => dialog.textContent()).toContain(text('transfers.recallWallet', { before: fmt(wallet), after: '0.00' }));
    expect(await dialog.textContent()).toContain(
      text('transfers.recallCredit', { loginId: member, before: fmt(credit), after: fmt(credit + wallet) }),
    );
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('action-confirm-ok');
    await page.keyboard.press('Enter');
    await expect.poll(() => balanceOf(member)).toBe(credit + wallet);
    expect(await platform().balance({ siteId: 'demo', memberId })).toBe(0n);
    const row = await e2e.gw.db.one<{ operator_login: string }>(
      sql`SELECT operator_login FROM score_log WHERE target_account_id = ${memberId}::bigint AND type = 'out' ORDER BY serial_no DESC LIMIT 1`,
    );
    expect(row!.operator_login).toBe('admin');
  });

  it("names the account's balance, not a member's, when an agent is scored down by more than it holds", async () => {
    const page = await fromTheNotices(journey());
    await scoreScreenFor(page, 'ma03');
    const agent = await balanceOf('ma03');
    const rows0 = await logRows();
    await page.getByTestId('score-down').click();
    await page.locator('#score-amount').fill(String(agent / 100n + 1n));
    await page.getByTestId('score-submit').click();
    const problem = page.locator('#score-amount-problem');
    await problem.getByText('该账号余额不足').waitFor();
    expect(await problem.textContent()).not.toContain('会员');
    expect(await page.getByTestId('score-confirm').count()).toBe(0);
    expect(await balanceOf('ma03')).toBe(agent);
    expect(await logRows()).toBe(rows0);
  });

  it('shows the comment of a scored row in the table, cut short with the whole text on hover', async () => {
    const latest = (await e2e.gw.db.one<{ serial_no: string | number; comment: string }>(
      sql`SELECT serial_no, comment FROM score_log WHERE site_id = 'demo' ORDER BY serial_no DESC LIMIT 1`,
    ))!;
    const serial = String(latest.serial_no);
    const comment = 'e2e comment: paid back for the weekend tournament, agreed with the line owner by phone';
    await e2e.gw.db.run(sql`UPDATE score_log SET comment = ${comment} WHERE site_id = 'demo' AND serial_no = ${serial}`);
    try {
      const page = await fromTheNotices(journey());
      await page.keyboard.press('Alt+4');
      const cell = page.locator(`[data-testid=log-row][data-serial="${serial}"] [data-column=comment]`);
      await cell.waitFor();
      expect(await cell.textContent()).toBe(comment);
      expect(await cell.getAttribute('title')).toBe(comment);
      expect(await cell.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
      // Scrolled into view sideways, the column still stands under its header.
      await cell.scrollIntoViewIfNeeded();
      const heading = page.locator('[role=columnheader][data-column=comment]');
      await expect.poll(async () => Math.abs((await heading.boundingBox())!.x - (await cell.boundingBox())!.x)).toBeLessThan(2);
      expect(await heading.isVisible()).toBe(true);
    } finally {
      await e2e.gw.db.run(sql`UPDATE score_log SET comment = ${latest.comment} WHERE site_id = 'demo' AND serial_no = ${serial}`);
    }
  });

  it('lists the score log with its filters, refuses a start after the end, and exports CSV', async () => {
    const page = await fromTheNotices(journey());
    const errors = consoleErrors(page);
    await page.keyboard.press('Alt+4');
    await page.getByTestId('point-record-screen').waitFor();
    await page.getByTestId('log-row').first().waitFor();
    const total = Number((await e2e.gw.db.one<{ n: string | number }>(sql`SELECT count(*) AS n FROM score_log WHERE site_id = 'demo'`))!.n);
    await expect.poll(() => page.getByTestId('log-total').textContent()).toBe(`共 ${total} 个`);

    // More than one page: the gateway writes the file as a job, with progress, and the browser downloads it.
    expect(total).toBeGreaterThan(200);
    const [whole] = await Promise.all([page.waitForEvent('download'), page.getByTestId('log-export-csv').click()]);
    const wholeLines = readFileSync((await whole.path())!, 'utf8')
      .trim()
      .split('\r\n');
    expect(wholeLines).toHaveLength(total + 1);
    expect(whole.suggestedFilename()).toMatch(/\.csv$/);
    await page.locator('[data-testid=export-job-progress]').waitFor();

    await page.getByTestId('log-type').selectOption('issue');
    const issues = Number(
      (await e2e.gw.db.one<{ n: string | number }>(sql`SELECT count(*) AS n FROM score_log WHERE site_id = 'demo' AND type = 'issue'`))!.n,
    );
    await expect.poll(() => page.getByTestId('log-total').textContent()).toBe(`共 ${issues} 个`);
    await page.getByTestId('log-type').selectOption('');

    await page.getByTestId('log-account').fill('mb0101010100');
    await page.getByTestId('log-account-suggestion').first().waitFor();
    await page.getByTestId('log-account-suggestion').filter({ hasText: 'mb01010101005' }).click();
    const ofMember = Number(
      (await e2e.gw.db.one<{ n: string | number }>(
        sql`SELECT count(*) AS n FROM score_log l JOIN accounts a ON a.id IN (l.from_account_id, l.to_account_id) WHERE a.site_id = 'demo' AND a.login_id = 'mb01010101005'`,
      ))!.n,
    );
    await expect.poll(() => page.getByTestId('log-total').textContent()).toBe(`共 ${ofMember} 个`);
    expect(await page.getByTestId('log-row').count()).toBe(ofMember);

    await page.getByTestId('log-range-start').fill('2030-01-02');
    await page.getByTestId('log-range-end').fill('2030-01-01');
    await page.locator('[data-testid=range-problem][data-problem=startAfterEnd]').waitFor();
    // The refused range is not applied: the table still shows the last valid one (from 2030-01-02: nothing).
    await expect.poll(() => page.getByTestId('log-total').getAttribute('data-total')).toBe('0');
    await page.getByTestId('log-range-start').fill('');
    await page.getByTestId('log-range-end').fill('');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('log-export-csv').click()]);
    const csv = readFileSync((await download.path())!, 'utf8');
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toContain('流水号');
    expect(lines).toHaveLength(ofMember + 1);
    expect(lines.slice(1).every((line) => line.includes('mb01010101005'))).toBe(true);
    await page
      .locator('[data-sonner-toast]')
      .filter({ hasText: `已导出 ${ofMember} 行` })
      .waitFor();
    // Sonner's stylesheet applies (a file, not an injected <style> the CSP would refuse).
    expect(await page.locator('[data-sonner-toaster]').evaluate((element) => getComputedStyle(element).position)).toBe('fixed');
    expect(errors).toEqual([]);
  });

  it("shows the score log as of a past moment: the rows up to it and the picked account's balance then, marked", async () => {
    const page = await fromTheNotices(journey());
    await page.keyboard.press('Alt+4');
    await page.getByTestId('log-row').first().waitFor();
    const field = page.getByTestId('log-account');
    await field.fill('ma02');
    await field.press('Enter');
    await expect.poll(() => field.getAttribute('data-applied')).toBe('account');
    // A whole second (the control's unit) before the movement below; the browser is in UTC+7, the control in Beijing time.
    const then = Math.floor((Date.now() - 1000) / 1000) * 1000;
    const before = await balanceOf('ma02');
    const moved = await e2e.gw.rpc('gw.credit.user.score.up', {
      opsId: await e2e.gw.sessionFor('admin'),
      userId: await e2e.gw.accountId('ma02'),
      amount: '5.00',
    });
    const upToThen = Number(
      (await e2e.gw.db.one<{ n: string | number }>(
        sql`SELECT count(*) AS n FROM score_log l JOIN accounts a ON a.id IN (l.from_account_id, l.to_account_id)
             WHERE a.site_id = 'demo' AND a.login_id = 'ma02' AND l.created_at <= ${new Date(then)}`,
      ))!.n,
    );
    const newRow = page.locator(`[data-testid=log-row][data-serial="${moved.serialNo}"]`);
    try {
      await page.getByTestId('as-of-input').fill(beijingWallTime(then).replace(' ', 'T'));
      await page.getByTestId('as-of-banner').waitFor();
      await expect
        .poll(() => page.getByTestId('log-balance-asof').getByTestId('as-of-balance').getAttribute('data-value'))
        .toBe(formatCents(before));
      await expect.poll(() => page.getByTestId('log-total').getAttribute('data-total')).toBe(String(upToThen));
      expect(await newRow.count()).toBe(0);
      await page.getByTestId('as-of-off').click();
      await expect.poll(() => newRow.count()).toBe(1);
      expect(await page.getByTestId('log-balance-asof').count()).toBe(0);
    } finally {
      if (await page.getByTestId('as-of-off').count()) await page.getByTestId('as-of-off').click();
    }
  });

  it('applies a typed account name on Enter or on leaving the field, any case, and exports exactly what the table shows', async () => {
    const page = await fromTheNotices(journey());
    await page.keyboard.press('Alt+4');
    await page.getByTestId('log-row').first().waitFor();
    const field = page.getByTestId('log-account');
    const total = page.getByTestId('log-total');
    const countOf = async (loginId: string) =>
      Number(
        (await e2e.gw.db.one<{ n: string | number }>(
          sql`SELECT count(*) AS n FROM score_log l JOIN accounts a ON a.id IN (l.from_account_id, l.to_account_id) WHERE a.site_id = 'demo' AND a.login_id = ${loginId}`,
        ))!.n,
      );
    const sides = () =>
      page.getByTestId('log-row').evaluateAll((rows) => rows.map((row) => [row.getAttribute('data-from'), row.getAttribute('data-to')]));

    const ofMember = await countOf('mb01010101005');
    expect(ofMember).toBeGreaterThan(0);
    await field.fill('MB01010101005');
    await field.press('Enter');
    await expect.poll(() => field.getAttribute('data-applied')).toBe('account');
    expect(await field.inputValue()).toBe('mb01010101005');
    await expect.poll(() => total.getAttribute('data-total')).toBe(String(ofMember));
    await expect.poll(() => page.getByTestId('log-row').count()).toBe(ofMember);
    expect((await sides()).every((pair) => pair.includes('mb01010101005'))).toBe(true);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('log-export-csv').click()]);
    const lines = readFileSync((await download.path())!, 'utf8')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(ofMember + 1);
    expect(lines.slice(1).every((line) => line.includes('mb01010101005'))).toBe(true);

    // Leaving the field applies it too.
    const ofAgent = await countOf('ag01010102');
    await field.fill('ag01010102');
    await field.press('Tab');
    await expect.poll(() => total.getAttribute('data-total')).toBe(String(ofAgent));
    await expect.poll(async () => (await sides()).every((pair) => pair.includes('ag01010102'))).toBe(true);

    // An empty field shows every row again.
    const all = Number((await e2e.gw.db.one<{ n: string | number }>(sql`SELECT count(*) AS n FROM score_log WHERE site_id = 'demo'`))!.n);
    await field.fill('');
    await field.press('Enter');
    await expect.poll(() => total.getAttribute('data-total')).toBe(String(all));
    expect(await field.getAttribute('data-applied')).toBe('any');
  });

  it('filters the score log by Beijing days in a UTC+7 browser, shows Beijing times and a clock that says so', async () => {
    // Six rows moved around the Beijing day 2025-06-15, which runs 2025-06-14T16:00Z to 2025-06-15T16:00Z.
    const times = [
      '2025-06-14T15:59:59.999Z',
      '2025-06-14T16:00:00.000Z',
      '2025-06-14T16:30:00.000Z',
      '2025-06-15T15:59:59.999Z',
      '2025-06-15T16:00:00.000Z',
      '2025-06-15T17:30:00.000Z',
    ];
    const picked = await e2e.gw.db.rows<{ serial_no: string | number; created_at: Date | string }>(
      sql`SELECT serial_no, created_at FROM score_log WHERE site_id = 'demo' ORDER BY serial_no LIMIT ${times.length}`,
    );
    const serials = picked.map((row) => String(row.serial_no));
    for (const [index, serial] of serials.entries()) {
      await e2e.gw.db.run(
        sql`UPDATE score_log SET created_at = ${new Date(times[index]!)} WHERE site_id = 'demo' AND serial_no = ${serial}`,
      );
    }
    try {
      const page = await fromTheNotices(journey());
      const errors = consoleErrors(page);
      expect(await page.evaluate(() => new Date('2025-06-15T00:00:00Z').getTimezoneOffset())).toBe(-420);

      expect(await page.getByTestId('clock-zone').textContent()).toBe('北京时间 UTC+8');
      const beijingNow = (offset: number) => new Date(Date.now() + 8 * 3_600_000 + offset).toISOString().slice(0, 19).replace('T', ' ');
      const shown = await page.getByTestId('clock').textContent();
      expect([beijingNow(-2000), beijingNow(-1000), beijingNow(0), beijingNow(1000)]).toContain(shown);

      await page.keyboard.press('Alt+4');
      await page.getByTestId('log-row').first().waitFor();
      await page.getByTestId('log-range-start').fill('2025-06-15');
      await page.getByTestId('log-range-end').fill('2025-06-15');
      const inDay = Number(
        (await e2e.gw.db.one<{ n: string | number }>(
          sql`SELECT count(*) AS n FROM score_log WHERE site_id = 'demo' AND created_at >= '2025-06-14T16:00:00Z' AND created_at < '2025-06-15T16:00:00Z'`,
        ))!.n,
      );
      expect(inDay).toBe(3);
      await expect.poll(() => page.getByTestId('log-total').textContent()).toBe('共 3 个');
      await expect.poll(() => page.getByTestId('log-row').count()).toBe(3);
      const listed = await page.getByTestId('log-row').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-serial')));
      expect(listed.sort()).toEqual([serials[1], serials[2], serials[3]].sort());
      const cell = (serial: string) => page.locator(`[data-testid=log-row][data-serial="${serial}"] [role=cell]`).nth(1).textContent();
      expect(await cell(serials[1]!)).toBe('2025/06/15 00:00:00');
      expect(await cell(serials[3]!)).toBe('2025/06/15 23:59:59');

      // Two days: the next Beijing day adds the two rows after midnight Beijing time.
      await page.getByTestId('log-range-end').fill('2025-06-16');
      await expect.poll(() => page.getByTestId('log-total').textContent()).toBe('共 5 个');
      expect(errors).toEqual([]);
    } finally {
      for (const [index, serial] of serials.entries()) {
        await e2e.gw.db.run(
          sql`UPDATE score_log SET created_at = ${new Date(picked[index]!.created_at)} WHERE site_id = 'demo' AND serial_no = ${serial}`,
        );
      }
    }
  });

  it('asks for two bounds first, refuses bad ones, then lists only the operations between them', async () => {
    const admin = await e2e.gw.sessionFor('admin');
    const ma03 = await e2e.gw.accountId('ma03');
    for (const amount of ['800.00', '1500.00', '4200.00', '6000.00'])
      await e2e.gw.rpc('gw.credit.user.score.up', { opsId: admin, userId: ma03, amount });
    const shell = journey();
    const page = await fromTheNotices(shell);
    await shell.runCommand('go.scoreRisk');
    await shell.screen('scoreRisk').waitFor();
    await page.getByText(text('scoreRisk.askFirst')).waitFor();
    await page.getByTestId('risk-min').fill('900');
    await page.getByTestId('risk-max').fill('5000');
    await expect.poll(() => page.getByTestId('risk-hint').getAttribute('role')).toBe('alert');
    await page.getByTestId('risk-min').fill('1000');
    await page.getByTestId('log-account').fill('ma03');
    await page.getByTestId('log-account').press('Enter');
    const table = new DataTablePage(page, 'log-rows');
    const amounts = async () => Promise.all((await table.rows().all()).map((row) => table.cellText(row, 'amount')));
    await expect.poll(amounts).toEqual(['4,200.00', '1,500.00']);
  });
});

describe.runIf(e2e.run)("an agent's refused scores, unknown names and live header, one signed-in page", () => {
  const journey = useJourney(e2e, () => ShellPage.signedIn(e2e.browser, e2e.gw, 'ag01010102'));

  it('shows the catalogue message and changes nothing when a score is refused: too frequent, frozen target, not enough points', async () => {
    const page = await fromTheNotices(journey());
    await scoreScreenFor(page, 'mb01010102001');
    const member0 = await balanceOf('mb01010102001');
    const rows0 = await logRows();

    // Not enough points on the member's side for a score down: refused on the amount field, before any confirmation.
    await page.getByTestId('score-down').click();
    await page.locator('#score-amount').fill(String(member0 / 100n + 1n));
    await page.getByTestId('score-submit').click();
    await page.locator('#score-amount-problem').getByText('该账号余额不足').waitFor();
    expect(await page.getByTestId('score-confirm').count()).toBe(0);
    expect(await page.getByTestId('score-retry').count()).toBe(0);
    expect(await balanceOf('mb01010102001')).toBe(member0);

    // Frozen target.
    await e2e.gw.db.run(sql`UPDATE accounts SET status = 6 WHERE site_id = 'demo' AND login_id = 'mb01010102001'`);
    await page.getByTestId('score-up').click();
    await page.locator('#score-amount').fill('1');
    await page.getByTestId('score-submit').click();
    await page.getByTestId('score-confirm-ok').click();
    await page.getByTestId('score-error').getByText('该账号当前状态不允许上下分').waitFor();
    await e2e.gw.db.run(sql`UPDATE accounts SET status = 1 WHERE site_id = 'demo' AND login_id = 'mb01010102001'`);
    expect(await logRows()).toBe(rows0);

    // Unfrozen, the same request goes through on retry.
    await page.getByTestId('score-retry').click();
    await page.getByTestId('score-result').waitFor();
    // Too frequent: the site asks for a minute between two scores of one operator and target.
    await e2e.gw.db.run(sql`UPDATE sites SET min_score_interval_ms = 60000 WHERE id = 'demo'`);
    await page.getByTestId('score-new').click();
    await page.locator('#score-amount').fill('1');
    await page.getByTestId('score-submit').click();
    await page.getByTestId('score-confirm-ok').click();
    await page.getByTestId('score-error').getByText('上下分操作过于频繁，请稍后再试').waitFor();
    expect(await balanceOf('mb01010102001')).toBe(member0 + 100n);
    expect(await logRows()).toBe(rows0 + 1);
  });

  it('refuses before confirming a score down below zero, a score up above the own balance or the point limit, and offers no frozen account', async () => {
    const page = await fromTheNotices(journey());
    await scoreScreenFor(page, 'mb01010102003');
    const [agent0, member0] = [await balanceOf('ag01010102'), await balanceOf('mb01010102003')];
    const rows0 = await logRows();
    const fmt = (cents: bigint) => `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
    const refused = async (text: string) => {
      await page.getByTestId('score-submit').click();
      await page.locator('#score-amount-problem').getByText(text).waitFor();
      expect(await page.getByTestId('score-confirm').count()).toBe(0);
    };

    // Down by more than the member holds: no preview of a negative balance.
    await page.getByTestId('score-down').click();
    await page.locator('#score-amount').fill(fmt(member0 + 1n));
    await refused('该账号余额不足');
    // Up by more than the agent holds (37110).
    await page.getByTestId('score-up').click();
    await page.locator('#score-amount').fill(fmt(agent0 + 1n));
    await refused('您的余额不足');
    expect(await logRows()).toBe(rows0);

    // Up above the member's point limit (20030), read when the screen opens: it is opened again.
    await e2e.gw.db.run(sql`UPDATE accounts SET point_limit = ${member0 + 100n} WHERE site_id = 'demo' AND login_id = 'mb01010102003'`);
    const again = await fromTheNotices(journey());
    await scoreScreenFor(again, 'mb01010102003');
    await again.locator('#score-amount').fill('1.01');
    await again.getByTestId('score-submit').click();
    await again.locator('#score-amount-problem').getByText('上分后该账号的积分将超过其积分上限').waitFor();
    await again.locator('#score-amount').fill('1');
    await again.getByTestId('score-submit').click();
    await again.getByTestId('score-confirm-ok').click();
    await again.getByTestId('score-result').waitFor();
    expect(await balanceOf('mb01010102003')).toBe(member0 + 100n);
    await e2e.gw.db.run(sql`UPDATE accounts SET point_limit = 10000000 WHERE site_id = 'demo' AND login_id = 'mb01010102003'`);

    // A frozen member is not offered for set score, and its screen says why.
    await e2e.gw.db.run(sql`UPDATE accounts SET status = 6 WHERE site_id = 'demo' AND login_id = 'mb01010102004'`);
    try {
      await journey().goTo('settingScore');
      const frozen = again.getByTestId('child-picker').locator('[data-login-id="mb01010102004"]');
      await frozen.waitFor();
      expect(await frozen.isDisabled()).toBe(true);
      expect(await frozen.getAttribute('data-reason')).toBe('accountFrozen');
      expect(await frozen.textContent()).toContain('账号已冻结');
      expect(await again.getByTestId('child-picker').locator('[data-login-id="mb01010102005"]').isDisabled()).toBe(false);
      const id = (await e2e.gw.db.one<{ id: string | number }>(
        sql`SELECT id FROM accounts WHERE site_id = 'demo' AND login_id = 'mb01010102004'`,
      ))!.id;
      await journey().goTo('settingScore', `/${id}`);
      await again.getByTestId('score-refused').getByText('账号已冻结').waitFor();
      expect(await again.getByTestId('score-submit').isDisabled()).toBe(true);
    } finally {
      await e2e.gw.db.run(sql`UPDATE accounts SET status = 1 WHERE site_id = 'demo' AND login_id = 'mb01010102004'`);
    }
  });

  it('says an account outside the line is not there, on the score and edit screens, with a way back', async () => {
    const page = await fromTheNotices(journey());
    for (const [path, title, back, landing] of [
      ['/settingScore/index/999999999', '上下分', '选择其他账号', 'setting-score-screen'],
      ['/editAccount/index/999999999', '编辑用户', '用户管理', 'account-list-screen'],
    ] as const) {
      await page.evaluate((hash) => (location.hash = hash), path);
      const screen = page.getByTestId(path.startsWith('/settingScore') ? 'setting-score-screen' : 'edit-account-screen');
      await screen.getByText('该账号不在您的线下。').waitFor();
      await screen.getByRole('heading', { name: title }).waitFor();
      await screen.getByRole('link', { name: back }).click();
      await page.getByTestId(landing).waitFor();
      await expect.poll(() => page.evaluate(() => location.hash)).not.toContain('999999999');
    }
  });

  it('says so in the field when a typed name is not in the line, and neither lists nor exports every row', async () => {
    const page = await fromTheNotices(journey());
    await page.keyboard.press('Alt+4');
    await page.getByTestId('log-row').first().waitFor();
    const field = page.getByTestId('log-account');
    const downloads: unknown[] = [];
    const onDownload = (download: unknown) => downloads.push(download);
    page.on('download', onDownload);

    // Typed, then straight to the export button: the name is looked up, nothing is exported.
    await field.fill('nosuch01');
    await page.getByTestId('log-export-csv').click();
    await expect.poll(() => field.getAttribute('data-applied')).toBe('unknown');
    const problem = page.getByTestId('log-account-problem');
    expect(await problem.textContent()).toBe('您的线下没有账号 nosuch01');
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    expect(await field.getAttribute('aria-describedby')).toBe(await problem.getAttribute('id'));
    await expect.poll(() => page.getByTestId('log-total').getAttribute('data-total')).toBe('0');
    expect(await page.getByTestId('log-row').count()).toBe(0);
    expect(await page.getByTestId('log-export-csv').isDisabled()).toBe(true);
    expect(await page.getByTestId('log-export-xlsx').isDisabled()).toBe(true);

    // A name of another line is just as unknown, by Enter.
    await field.fill('ma02');
    await field.press('Enter');
    await expect.poll(() => problem.textContent()).toBe('您的线下没有账号 ma02');
    expect(await page.getByTestId('log-row').count()).toBe(0);
    expect(await page.getByTestId('log-export-csv').isDisabled()).toBe(true);
    await page.waitForTimeout(300);
    expect(downloads).toHaveLength(0);
    page.off('download', onDownload);
  });

  it('shows the header points and the marquee changed by another session, without a reload (live stream)', async () => {
    const page = await fromTheNotices(journey());
    await page.evaluate(() => Object.assign(window, { liveMarker: 'same page' }));
    const before = await balanceOf('ag01010102');
    const shown = (cents: bigint) => `${(cents / 100n).toLocaleString('en-US')}.${String(cents % 100n).padStart(2, '0')}`;
    await expect.poll(() => page.getByTestId('points').textContent()).toContain(shown(before));

    await e2e.gw.rpc('gw.credit.user.score.up', {
      opsId: await e2e.gw.sessionFor('ga010101'),
      userId: await e2e.gw.accountId('ag01010102'),
      amount: '12.34',
    });
    // Nothing polls the header's points: only the stream's news can show them.
    await expect.poll(() => page.getByTestId('points').textContent()).toContain(shown(before + 1234n));

    const admin = await e2e.gw.sessionFor('admin');
    const title = `Live ${Date.now()}`;
    const { noticeId } = await e2e.gw.rpc('gw.credit.notice.add', {
      opsId: admin,
      kind: 'site',
      title: { zh: title, en: title, th: title },
      content: { zh: '<p>实时</p>', en: '<p>live</p>', th: '<p>live</p>' },
      startTime: new Date(Date.now() - 60_000).toISOString(),
      endTime: new Date(Date.now() + 3_600_000).toISOString(),
      level: null,
    });
    await e2e.gw.rpc('gw.credit.notice.publish', { opsId: admin, noticeId });
    // The marquee's own poll is once a minute, past expect.poll's 10 s: this is the stream's.
    await expect
      .poll(
        async () =>
          (await page
            .getByTestId('notice-marquee')
            .textContent()
            .catch(() => '')) ?? '',
      )
      .toContain(title);
    await e2e.gw.rpc('gw.credit.notice.revoke', { opsId: admin, noticeId });
    await expect
      .poll(
        async () =>
          (await page.getByTestId('notice-marquee').count()) === 0 ||
          !(await page.getByTestId('notice-marquee').textContent())?.includes(title),
      )
      .toBe(true);

    expect(await page.evaluate(() => (window as unknown as { liveMarker?: string }).liveMarker)).toBe('same page');
    expect(await page.getByTestId('live-paused').count()).toBe(0);
  });
});

import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useAppInChromium } from '../support/app-in-chromium';
import { AccountListPage } from '../support/pages/account-list-page';
import { AddAccountPage } from '../support/pages/add-account-page';
import { text } from '../support/pages/locale-text';
import { ShellPage } from '../support/pages/shell-page';

const e2e = useAppInChromium();

describe.runIf(e2e.run)('bulk account work as background jobs in Chromium', () => {
  it('adds 100 members at once with a progress bar and the outcome of each, a taken name failing alone', async () => {
    await e2e.gw.addAccount({ loginId: 'e2eb050', parent: 'ag03010101', level: 5 });
    const shell = await ShellPage.signedIn(e2e.browser, e2e.gw, 'ag03010101');
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
      sql`SELECT count(*) AS n FROM accounts a JOIN accounts p ON p.id = a.parent_id WHERE p.login_id = 'ag03010101' AND a.login_id LIKE 'e2eb%' AND a.first_login`,
    );
    expect(Number(created!.n)).toBe(99);

    await add.batchToList();
    await shell.screen('accounts').waitFor();
    const list = new AccountListPage(shell.page);
    await list.search('e2eb');
    await expect.poll(() => list.total()).toBe(100);
    await shell.close();
  });

  it('disables and enables checked direct children as a job, then the list shows their new status', async () => {
    const shell = await ShellPage.signedIn(e2e.browser, e2e.gw, 'admin');
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
    await shell.close();
  });
});

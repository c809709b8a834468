import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { closeApp, consoleErrors, openApp, signIn } from '../support/app-page';
import { useAppInChromium } from '../support/app-in-chromium';

// An intranet name on plain HTTP: not localhost, so not a secure context, and the browser
// offers no crypto.randomUUID. Unknown hosts are the default site (demo).
const e2e = useAppInChromium({ chromiumArgs: ['--host-resolver-rules=MAP office.test 127.0.0.1'] });
const officeUrl = () => e2e.gw.url.replace('127.0.0.1', 'office.test');

const idOf = async (loginId: string) =>
  String((await e2e.gw.db.one<{ id: string | number }>(sql`SELECT id FROM accounts WHERE site_id = 'demo' AND login_id = ${loginId}`))!.id);
const balanceOf = async (loginId: string) =>
  BigInt(
    (await e2e.gw.db.one<{ balance: string | number }>(sql`SELECT balance FROM accounts WHERE site_id = 'demo' AND login_id = ${loginId}`))!
      .balance,
  );

async function signedInAtOffice(loginId: string): Promise<{ page: Page; errors: string[] }> {
  const page = await openApp(e2e.browser, e2e.gw, { origin: officeUrl() });
  const errors = consoleErrors(page);
  await page.getByTestId('login-screen').waitFor();
  expect(await page.evaluate(() => ({ host: location.hostname, secure: isSecureContext, randomUUID: typeof crypto.randomUUID }))).toEqual({
    host: 'office.test',
    secure: false,
    randomUUID: 'undefined',
  });
  await signIn(page, e2e.gw, loginId);
  await page.getByTestId('notice-screen').waitFor();
  return { page, errors };
}

const go = (page: Page, path: string) => page.evaluate((hash) => (location.hash = hash), path);

describe.runIf(e2e.run)('forms on a plain-HTTP intranet address (no crypto.randomUUID)', () => {
  it('adds an agent, edits and resets the password of another, and scores up a child', async () => {
    const { page, errors } = await signedInAtOffice('admin');

    await go(page, '/add/index');
    await page.getByTestId('add-account-screen').waitFor();
    const values = {
      loginId: 'httpagent1',
      nickname: 'http agent',
      password: 'Agent_123',
      confirmPassword: 'Agent_123',
      safeCode: '1357',
      pointLimit: '1000',
      agentCommisionRate: '50',
      validAmountRate: '1',
    };
    for (const [field, value] of Object.entries(values)) await page.locator(`#add-${field}`).fill(value);
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

    // Not even the <style> the confirmation dialogs' scroll lock inserts: it carries the page's nonce.
    expect(errors).toEqual([]);
    await closeApp(page);
  });

  it('lets an agent add one member and then several at once', async () => {
    const { page, errors } = await signedInAtOffice('ag01010102');
    await go(page, '/add/index');
    await page.getByTestId('add-account-screen').waitFor();
    const values = {
      loginId: 'httpmember1',
      nickname: 'http member',
      password: 'Member_12',
      confirmPassword: 'Member_12',
      pointLimit: '500',
      validAmountRate: '0.5',
    };
    for (const [field, value] of Object.entries(values)) await page.locator(`#add-${field}`).fill(value);
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

    expect(errors).toEqual([]);
    await closeApp(page);
  });
});

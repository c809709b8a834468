import AxeBuilder from '@axe-core/playwright';
import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useAppInChromium } from '../support/app-in-chromium';
import { text } from '../support/pages/locale-text';
import { ShellPage } from '../support/pages/shell-page';

const e2e = useAppInChromium();

/** An instant as the date-time inputs take Beijing wall time, to the second. */
const beijingInput = (instant: number) => new Date(instant + 8 * 3_600_000).toISOString().slice(0, 19);
/** The same instant as the maintenance screen writes it. */
const beijingText = (instant: number) => beijingInput(instant).replace('T', ' ');
/** The maintenance poll runs every 10 s: a change shows within that, plus a margin. */
const POLL_WAIT_MS = 20_000;

async function confirmWithSafeCode(page: Page) {
  const dialog = page.getByTestId('settings-confirm');
  await dialog.waitFor();
  await page.locator('#settings-safeCode').fill('1234');
  await page.getByTestId('settings-confirm-submit').click();
  await dialog.waitFor({ state: 'detached' });
}

describe.runIf(e2e.run)('system settings in Chromium', () => {
  it('schedules maintenance seconds ahead: two signed-in agents go to the maintenance screen and come back when the company, which stays in, ends it', async () => {
    const company = await ShellPage.signedIn(e2e.browser, e2e.gw, 'admin');
    const agents = [await ShellPage.signedIn(e2e.browser, e2e.gw, 'ma01'), await ShellPage.signedIn(e2e.browser, e2e.gw, 'ag01010101')];
    const { page } = company;

    await company.runCommand('systemSetting.maintenance');
    await company.screen('systemSetting').waitFor();
    await expect.poll(() => page.getByTestId('maintenance-state').getAttribute('data-state')).toBe('none');
    const axe = await new AxeBuilder({ page }).include('[data-testid="system-setting-screen"]').analyze();
    expect(axe.violations.map((violation) => violation.id)).toEqual([]);
    // Set last, a few seconds ahead, as an operator would type it: the window starts after the save whatever the machine's speed.
    const start = (Math.floor(Date.now() / 1000) + 8) * 1000;
    await page.getByTestId('setting-maintenance-startTime').fill(beijingInput(start));
    await page.getByTestId('setting-maintenance-endTime').fill(beijingInput(start + 3_600_000));
    await page.getByTestId('settings-save').click();
    await expect.poll(() => page.getByTestId('settings-confirm-changes').textContent()).toContain(beijingText(start).slice(0, 16));
    await confirmWithSafeCode(page);
    await expect.poll(() => page.getByTestId('maintenance-state').getAttribute('data-state')).toBe('scheduled');

    for (const agent of agents) {
      await agent.page.getByTestId('maintenance-screen').waitFor({ timeout: POLL_WAIT_MS });
      expect(await agent.page.getByTestId('maintenance-start').textContent()).toBe(beijingText(start));
    }
    expect(Date.now()).toBeGreaterThanOrEqual(start);
    // The company is not shut out: its screens work, with a banner saying the agents are.
    await page.getByTestId('maintenance-banner').waitFor({ timeout: POLL_WAIT_MS });
    await expect.poll(() => page.getByTestId('maintenance-state').getAttribute('data-state')).toBe('on');
    await company.goTo('notice');
    await company.goTo('systemSetting');

    await page.getByTestId('maintenance-end-now').click();
    await confirmWithSafeCode(page);
    await company.toast(text('systemSetting.saved', { count: 1 })).waitFor();
    // The dialog's submit is its own: the settings form behind it did not read it as a save of nothing.
    expect(await company.toast(text('systemSetting.nothingChanged')).count()).toBe(0);
    await expect.poll(() => page.getByTestId('maintenance-state').getAttribute('data-state')).toBe('none');
    for (const agent of agents) await agent.screen('notice').waitFor({ timeout: POLL_WAIT_MS });
    await page.getByTestId('maintenance-banner').waitFor({ state: 'detached', timeout: POLL_WAIT_MS });

    const records = await e2e.gw.db.rows<{ changes: { field: string; after: unknown }[] }>(
      sql`SELECT changes FROM operation_log WHERE method = 'gw.credit.sys.setting' AND level = 'normal' ORDER BY id`,
    );
    expect(records.map((record) => record.changes.map((change) => [change.field, change.after]))).toEqual([
      [
        ['maintenanceStart', beijingText(start)],
        ['maintenanceEnd', beijingText(start + 3_600_000)],
      ],
      [
        ['maintenanceStart', null],
        ['maintenanceEnd', null],
      ],
    ]);
    for (const shell of [company, ...agents]) await shell.close();
  });

  it('refuses a whitelist that would lock out its author on the field, saves one that keeps them in, and shows a new PNG logo at once', async () => {
    const company = await ShellPage.signedIn(e2e.browser, e2e.gw, 'admin');
    const { page } = company;
    const { callerIp } = await e2e.gw.rpc('gw.credit.sys.setting.get', { opsId: await e2e.gw.sessionFor('admin') });
    const whitelist = async () =>
      e2e.gw.db.one<{ on: boolean; rules: number }>(
        sql`SELECT ip_whitelist_on AS on, (SELECT count(*)::int FROM site_ip_rules WHERE site_id = 'demo' AND kind = 'allow') AS rules
              FROM sites WHERE id = 'demo'`,
      );
    await company.goTo('systemSetting');
    await page.getByTestId('setting-ipWhitelistOn').click();
    await page.locator('#setting-ipWhitelist').fill('203.0.113.9');
    await page.getByTestId('settings-save').click();
    await confirmWithSafeCode(page);
    await page.locator('#setting-ipWhitelist-problem').waitFor();
    expect(await whitelist()).toEqual({ on: false, rules: 0 });

    await page.locator('#setting-ipWhitelist').fill(`203.0.113.9\n${callerIp}`);
    await page.getByTestId('settings-save').click();
    await confirmWithSafeCode(page);
    await company.toast(text('systemSetting.saved', { count: 2 })).waitFor();
    expect(await whitelist()).toEqual({ on: true, rules: 2 });
    // Its author is still in: another screen loads.
    await company.goTo('notice');
    await company.goTo('systemSetting');

    // Only a PNG or JPEG is taken, checked before anything is sent.
    await page.getByTestId('logo-file').setInputFiles({ name: 'logo.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') });
    await page.getByText(text('systemSetting.logo.type')).waitFor();
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
    await page.getByTestId('logo-file').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
    await expect.poll(() => page.getByTestId('logo-preview').getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    await page.getByTestId('settings-save').click();
    await confirmWithSafeCode(page);
    await company.toast(text('systemSetting.saved', { count: 1 })).waitFor();
    const header = page.getByTestId('header-logo').locator('img');
    await expect.poll(() => header.getAttribute('src')).toMatch(/^\/site-logo\/[0-9a-f]{16}$/);
    const served = await page.evaluate(
      async (address) => {
        const response = await fetch(address!);
        return { type: response.headers.get('content-type'), bytes: [...new Uint8Array(await response.arrayBuffer())] };
      },
      await header.getAttribute('src'),
    );
    expect(served).toEqual({ type: 'image/png', bytes: [...png] });
    await company.close();
  });
});

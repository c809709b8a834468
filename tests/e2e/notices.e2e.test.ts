import AxeBuilder from '@axe-core/playwright';
import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { xssCorpus } from '../fixtures/xss-corpus';
import { useAppInChromium } from '../support/app-in-chromium';
import { runnableParts, unsafeParts } from '../support/html-safety';
import { DataTablePage } from '../support/pages/data-table-page';
import { text } from '../support/pages/locale-text';
import { ShellPage } from '../support/pages/shell-page';

const e2e = useAppInChromium();

/** An instant as the editor's date-time input writes Beijing wall time, to the second. */
const beijingInput = (instant: number) => new Date(instant + 8 * 3_600_000).toISOString().slice(0, 19);

async function writeLanguage(page: Page, language: 'zh' | 'en' | 'th', title: string, body: string) {
  await page.getByTestId(`notice-tab-${language}`).click();
  await page.getByTestId(`notice-title-${language}`).fill(title);
  const editor = page.getByTestId(`notice-content-${language}`).locator('[contenteditable="true"]');
  await editor.click();
  await page.getByTestId(`notice-content-${language}`).getByTestId('rte-h2').click();
  await page.keyboard.type(title);
  await page.keyboard.press('Enter');
  await page.getByTestId(`notice-content-${language}`).getByTestId('rte-bold').click();
  await page.keyboard.type(body);
}

describe.runIf(e2e.run)('notices in Chromium', () => {
  it('writes a notice in three languages, schedules it seconds ahead, sees it waiting, sending and in the marquee in zh and th, revokes and deletes it', async () => {
    const shell = await ShellPage.signedIn(e2e.browser, e2e.gw, 'admin');
    const { page } = shell;
    await shell.runCommand('notices.add');
    await shell.screen('noticeEditor').waitFor();
    expect(await shell.highlighted('notice')).toBe(true);
    // Nothing written yet: the three required languages are named.
    await expect.poll(() => page.getByTestId('notice-missing').textContent()).toContain(text('language.th'));

    const start = Date.now() + 8_000;
    await page.getByTestId('notice-start').fill(beijingInput(start));
    await page.getByTestId('notice-end').fill(beijingInput(start + 3_600_000));
    await writeLanguage(page, 'zh', '端到端维护通知', '今晚系统维护');
    await writeLanguage(page, 'en', 'End-to-end maintenance', 'Maintenance tonight');
    await writeLanguage(page, 'th', 'แจ้งปิดปรับปรุงทดสอบ', 'ปิดปรับปรุงคืนนี้');
    await page.getByTestId('notice-missing').waitFor({ state: 'detached' });
    // The preview shows the tab's language as written, and says a level it is not sent to would not see it.
    expect(await page.getByTestId('notice-preview-body').locator('strong').textContent()).toBe('ปิดปรับปรุงคืนนี้');
    const axe = await new AxeBuilder({ page }).include('[data-testid="notice-editor"]').analyze();
    expect(axe.violations.map((violation) => violation.id)).toEqual([]);

    await page.getByTestId('notice-save-publish').click();
    await shell.screen('notice').waitFor();
    const notices = new DataTablePage(page, 'notice-rows');
    const stored = await e2e.gw.db.one<{ id: string | number; content: Record<string, string> }>(
      sql`SELECT id, content FROM notices WHERE title->>'zh' = '端到端维护通知'`,
    );
    expect(stored!.content.zh).toBe('<h2>端到端维护通知</h2><p><strong>今晚系统维护</strong></p>');
    const row = notices.rowWhere('notice-id', String(stored!.id));
    const status = row.getByTestId('notice-status');
    expect(await status.getAttribute('data-status')).toBe('waiting');
    expect(await row.getByTestId('notice-revoke').count()).toBe(1);
    expect(await row.getByTestId('notice-edit').count()).toBe(0);

    // The window opens: the list derives "sending" on its own clock, and the marquee reads it.
    await expect.poll(() => status.getAttribute('data-status'), { timeout: 15_000 }).toBe('sending');
    await expect.poll(() => page.getByTestId('notice-marquee').textContent()).toContain('端到端维护通知: 端到端维护通知 今晚系统维护');

    await shell.runCommand('preferences.language');
    await page.keyboard.type('th');
    await page.locator('[data-command-id="preferences.language::th"][aria-selected="true"]').waitFor();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('notice-marquee').textContent()).toContain('แจ้งปิดปรับปรุงทดสอบ');
    await page.getByTestId('notice-tab-current').click();
    await page.locator(`[data-testid="notice-item"][data-notice-id="${stored!.id}"] h2`).waitFor();

    await page.getByTestId('notice-tab-all').click();
    await row.getByTestId('notice-revoke').click();
    await shell.confirm();
    await expect.poll(() => status.getAttribute('data-status')).toBe('draft');
    await expect.poll(async () => (await page.getByTestId('notice-marquee').textContent()) ?? '').not.toContain('แจ้งปิดปรับปรุงทดสอบ');

    await row.getByTestId('notice-delete').click();
    await shell.confirm();
    await row.waitFor({ state: 'detached' });
    expect(await e2e.gw.db.one(sql`SELECT id FROM notices WHERE id = ${stored!.id}`)).toBeUndefined();
    await shell.close();
  });

  it('shows every vector of the XSS corpus, stored through the gateway or planted raw past it, without running any', async () => {
    // Chromium reports every inline handler and style element it parses, even into the inert document DOMPurify cleans in; none applies.
    const shell = await ShellPage.signedIn(e2e.browser, e2e.gw, 'admin', {
      expectedConsoleErrors: /^(Executing inline event handler|Applying inline style) violates/,
    });
    const { page } = shell;
    // The app's policy would block a script that got through, so what it shows is also run on a page with no policy.
    const bare = await e2e.browser.newPage();
    await bare.setContent('<!doctype html><body><main id="shown"></main></body>');
    await bare.evaluate(() => {
      (window as unknown as { __xssRan: string[] }).__xssRan = [];
      (window as unknown as { __xss: (name: string) => void }).__xss = (name) =>
        (window as unknown as { __xssRan: string[] }).__xssRan.push(name);
    });
    // The harness sees a vector that runs: one put in raw fires at once.
    await bare.evaluate(() => (document.getElementById('shown')!.innerHTML = `<img src="x" onerror="window.__xss('control')">`));
    await expect.poll(() => bare.evaluate(() => (window as unknown as { __xssRan: string[] }).__xssRan.splice(0))).toEqual(['control']);
    const admin = await e2e.gw.sessionFor('admin');
    const now = Date.now();
    const span = { startTime: new Date(now - 60_000).toISOString(), endTime: new Date(now + 3_600_000).toISOString() };
    // PostgreSQL text holds no NUL: those few vectors cannot be stored at all.
    const storable = xssCorpus.filter((vector) => !vector.html.includes('\u0000'));
    const batches = [storable.slice(0, 80), storable.slice(80, 160), storable.slice(160)];
    const throughGateway = new Set<string>();
    for (const [index, batch] of batches.entries()) {
      await e2e.gw.db.run(sql`DELETE FROM notices WHERE site_id = 'demo'`);
      for (const [at, vector] of batch.entries()) {
        const content = { zh: `<p>${vector.name}</p>${vector.html}`, en: `<p>${vector.name}</p>${vector.html}`, th: '<p>ไทย</p>' };
        const title = { zh: vector.name, en: vector.name, th: vector.name };
        if ((index + at) % 2 === 0) {
          const { noticeId } = await e2e.gw.rpc('gw.credit.notice.add', { opsId: admin, title, content, ...span, level: null });
          await e2e.gw.rpc('gw.credit.notice.publish', { opsId: admin, noticeId });
          throughGateway.add(noticeId);
        } else {
          // Past the server's allow-list: only DOMPurify stands between this and the page.
          await e2e.gw.db.run(sql`INSERT INTO notices (site_id, title, content, status, publish_time, start_time, end_time)
            VALUES ('demo', ${JSON.stringify(title)}::jsonb, ${JSON.stringify(content)}::jsonb, 'published', now(),
                    ${span.startTime}::timestamptz, ${span.endTime}::timestamptz)`);
        }
      }
      await page.reload();
      await shell.screen('notice').waitFor();
      await page.getByTestId('notice-tab-current').click();
      await expect.poll(() => page.getByTestId('notice-item').count()).toBe(batch.length);
      const shown = await page
        .getByTestId('notice-item')
        .evaluateAll((items) =>
          items.map((item) => ({ id: item.getAttribute('data-notice-id')!, html: item.querySelector('.notice-rich')!.innerHTML })),
        );
      // What the server kept is within its allow-list; what only DOMPurify cleaned has nothing left that runs.
      for (const { id, html } of shown) {
        expect(runnableParts(html), id).toEqual([]);
        if (throughGateway.has(id)) expect(unsafeParts(html), id).toEqual([]);
      }
      // Put in as the app puts it (innerHTML), then hovered and focused as a reader might, with time to fire.
      await bare.evaluate(
        (all) => {
          document.getElementById('shown')!.innerHTML = all.map((html) => `<section>${html}</section>`).join('');
        },
        shown.map((item) => item.html),
      );
      for (const element of await bare.locator('#shown *').all()) {
        await element.hover({ timeout: 200, force: true }).catch(() => undefined);
        await element.focus({ timeout: 200 }).catch(() => undefined);
      }
      await bare.waitForTimeout(500);
      expect(await bare.evaluate(() => (window as unknown as { __xssRan: string[] }).__xssRan)).toEqual([]);
    }
    await bare.close();
    await shell.close();
  });
});

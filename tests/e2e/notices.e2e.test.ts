import AxeBuilder from '@axe-core/playwright';
import { sql } from '../../server/kernel/db/sql';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { storeSuggestions } from '../../server/notices/suggestion.store';
import { xssCorpus } from '../fixtures/xss-corpus';
import { useAppInChromium, useJourney } from '../support/app-in-chromium';
import { allowConsoleErrors } from '../support/app-page';
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

/** The interface language picked from the palette. */
async function pickLanguage(shell: ShellPage, language: 'zh' | 'th') {
  await shell.runCommand('preferences.language');
  await shell.page.keyboard.type(language);
  await shell.page.locator(`[data-command-id="preferences.language::${language}"][aria-selected="true"]`).waitFor();
  await shell.page.keyboard.press('Enter');
}

describe.runIf(e2e.run)("an admin's notices in Chromium, one signed-in page", () => {
  const journey = useJourney(e2e, () => ShellPage.signedIn(e2e.browser, e2e.gw, 'admin'));

  it('writes a notice in three languages, schedules it seconds ahead, sees it waiting, sending and in the marquee in zh and th, revokes and deletes it', async () => {
    const shell = journey();
    const { page } = shell;
    await shell.goTo('notice');
    await shell.runCommand('notices.add');
    await shell.screen('noticeEditor').waitFor();
    expect(await shell.highlighted('notice')).toBe(true);
    // Nothing written yet: the three required languages are named.
    await expect.poll(() => page.getByTestId('notice-missing').textContent()).toContain(text('language.th'));

    await writeLanguage(page, 'zh', '端到端维护通知', '今晚系统维护');
    await writeLanguage(page, 'en', 'End-to-end maintenance', 'Maintenance tonight');
    await writeLanguage(page, 'th', 'แจ้งปิดปรับปรุงทดสอบ', 'ปิดปรับปรุงคืนนี้');
    await page.getByTestId('notice-missing').waitFor({ state: 'detached' });
    // Each select's list opens and closes within the page's style policy (the test fails on any console error).
    for (const select of ['notice-kind', 'notice-level', 'notice-preview-level']) {
      await page.getByTestId(select).click();
      await page.getByRole('listbox').waitFor();
      await page.keyboard.press('Escape');
      await page.getByRole('listbox').waitFor({ state: 'detached' });
    }
    // The preview shows the tab's language as written, and says a level it is not sent to would not see it.
    expect(await page.getByTestId('notice-preview-body').locator('strong').textContent()).toBe('ปิดปรับปรุงคืนนี้');
    const axe = await new AxeBuilder({ page }).include('[data-testid="notice-editor"]').analyze();
    expect(axe.violations.map((violation) => violation.id)).toEqual([]);

    // Set last, a few seconds ahead, so that the notice is still waiting when the list shows it, however slow the machine.
    const start = Date.now() + 10_000;
    await page.getByTestId('notice-start').fill(beijingInput(start));
    await page.getByTestId('notice-end').fill(beijingInput(start + 3_600_000));
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
    await expect.poll(() => status.getAttribute('data-status'), { timeout: 30_000 }).toBe('sending');
    await expect.poll(() => page.getByTestId('notice-marquee').textContent()).toContain('端到端维护通知: 端到端维护通知 今晚系统维护');

    await pickLanguage(shell, 'th');
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
    // The journey's next steps read the default language.
    await pickLanguage(shell, 'zh');
    await expect.poll(() => page.getByTestId('notice-tab-all').textContent()).toBe(text('notices.all'));
  });

  it('shows every vector of the XSS corpus, stored through the gateway or planted raw past it, without running any', async () => {
    // Chromium reports every inline handler and style element it parses, even into the inert document DOMPurify cleans in; none applies.
    const shell = journey();
    const { page } = shell;
    await shell.goTo('notice');
    allowConsoleErrors(page, /^(Executing inline event handler|Applying inline style) violates/);
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
    // The site's own notices stay; each batch replaces only what the test added before.
    const before = Number((await e2e.gw.db.one<{ id: string | null }>(sql`SELECT max(id) AS id FROM notices`))!.id ?? 0);
    const seeded = (await e2e.gw.rpc('gw.credit.notice.layer.list', { opsId: admin })).total;
    const batches = [storable.slice(0, 80), storable.slice(80, 160), storable.slice(160)];
    const throughGateway = new Set<string>();
    for (const [index, batch] of batches.entries()) {
      // Ids only grow: the batch's notices are those above the last id written before it.
      const batchAfter = Number((await e2e.gw.db.one<{ id: string | null }>(sql`SELECT max(id) AS id FROM notices`))!.id ?? 0);
      await e2e.gw.db.run(sql`DELETE FROM notices WHERE id > ${before}`);
      // Planted raw first, then through the gateway: the last publish's live event makes the open
      // screen read its notices again, the planted ones with them (no reload).
      const entries = [...batch.entries()].map(([at, vector]) => ({ vector, gateway: (index + at) % 2 === 0 }));
      for (const { vector, gateway } of [...entries.filter((each) => !each.gateway), ...entries.filter((each) => each.gateway)]) {
        const content = { zh: `<p>${vector.name}</p>${vector.html}`, en: `<p>${vector.name}</p>${vector.html}`, th: '<p>ไทย</p>' };
        const title = { zh: vector.name, en: vector.name, th: vector.name };
        if (gateway) {
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
      await page.getByTestId('notice-tab-current').click();
      // The previous batch had as many notices: this one is shown once every id is a seeded one or of this batch.
      const ids = () =>
        page.getByTestId('notice-item').evaluateAll((items) => items.map((item) => Number(item.getAttribute('data-notice-id'))));
      await expect.poll(async () => (await ids()).filter((id) => id <= before || id > batchAfter).length).toBe(batch.length + seeded);
      expect(await page.getByTestId('notice-item').count()).toBe(batch.length + seeded);
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
      // Put in as the app puts it (innerHTML), then hovered, focused and clicked as a reader might, with time to fire.
      await bare.evaluate(
        (all) => {
          document.getElementById('shown')!.innerHTML = all.map((html) => `<section>${html}</section>`).join('');
        },
        shown.map((item) => item.html),
      );
      await bare.evaluate(() => {
        const events = [
          'mouseover',
          'mouseenter',
          'mousemove',
          'pointerover',
          'pointerenter',
          'focus',
          'focusin',
          'mousedown',
          'mouseup',
          'toggle',
        ];
        for (const element of document.querySelectorAll('#shown *')) {
          for (const type of events) element.dispatchEvent(new Event(type, { bubbles: true }));
          (element as HTMLElement).focus?.();
          // A click on a link that would leave the page is left out; a javascript: one would run here.
          const href = element.getAttribute('href') ?? '';
          if (!/^(https?:|mailto:)/i.test(href)) (element as HTMLElement).click?.();
        }
      });
      await bare.waitForTimeout(500);
      expect(await bare.evaluate(() => (window as unknown as { __xssRan: string[] }).__xssRan)).toEqual([]);
    }
    await e2e.gw.db.run(sql`DELETE FROM notices WHERE id > ${before}`);
    await bare.close();
  }, 150_000);
  it('saves a draft, edits it, publishes it inside its window, sees it complete when the window ends and deletes it', async () => {
    const shell = journey();
    const { page } = shell;
    await shell.goTo('notice');
    await shell.goTo('noticeEditor');
    for (const language of ['zh', 'en', 'th'] as const) {
      await page.getByTestId(`notice-tab-${language}`).click();
      await page.getByTestId(`notice-title-${language}`).fill(`draft-${language}`);
      await page.getByTestId(`notice-content-${language}`).locator('[contenteditable="true"]').fill(`body ${language}`);
    }
    await page.getByTestId('notice-start').fill(beijingInput(Date.now() - 60_000));
    await page.getByTestId('notice-end').fill(beijingInput(Date.now() + 3_600_000));
    await page.getByTestId('notice-save').click();
    await shell.screen('notice').waitFor();
    const id = String((await e2e.gw.db.one<{ id: string }>(sql`SELECT id FROM notices WHERE title->>'zh' = 'draft-zh'`))!.id);
    const row = new DataTablePage(page, 'notice-rows').rowWhere('notice-id', id);
    await expect.poll(() => row.getByTestId('notice-status').getAttribute('data-status')).toBe('draft');
    // A filter keeps the tab open and the draft listed; another status leaves it out.
    await page.getByTestId('notices-status').selectOption('draft');
    await row.waitFor();
    await page.getByTestId('notices-status').selectOption('complete');
    await row.waitFor({ state: 'detached' });
    await page.getByTestId('notices-status').selectOption('');
    await row.waitFor();

    await row.getByTestId('notice-edit').click();
    await shell.screen('noticeEditor').waitFor();
    await expect.poll(() => page.getByTestId('notice-title-zh').inputValue()).toBe('draft-zh');
    await page.getByTestId('notice-title-zh').fill('改过的草稿');
    // The window closes a few seconds from now.
    await page.getByTestId('notice-end').fill(beijingInput(Date.now() + 8_000));
    await page.getByTestId('notice-save').click();
    await shell.screen('notice').waitFor();
    await row.getByTestId('notice-publish').click();
    await shell.confirm();
    await expect.poll(() => row.getByTestId('notice-status').getAttribute('data-status')).toBe('sending');
    await expect.poll(() => row.getByTestId('notice-status').getAttribute('data-status'), { timeout: 20_000 }).toBe('complete');
    expect(await row.getByTestId('notice-revoke').count()).toBe(0);
    await row.getByTestId('notice-delete').click();
    await shell.confirm();
    await row.waitFor({ state: 'detached' });
    expect(await e2e.gw.db.one(sql`SELECT id FROM notices WHERE id = ${id}`)).toBeUndefined();
  });

  it("shows the members' app its own notices: an app notice published inside its window, never a site notice", async () => {
    const admin = await e2e.gw.sessionFor('admin');
    const window = { startTime: new Date(Date.now() - 60_000).toISOString(), endTime: new Date(Date.now() + 3_600_000).toISOString() };
    const publish = async (kind: 'app' | 'site', tag: string) => {
      const { noticeId } = await e2e.gw.rpc('gw.credit.notice.add', {
        opsId: admin,
        kind,
        level: null,
        title: { zh: `${tag}中`, en: `${tag} en`, th: `${tag} ไทย` },
        content: { zh: `<p>${tag}内容</p>`, en: `<p>${tag} body</p>`, th: `<p>${tag} เนื้อหา</p>` },
        ...window,
      });
      await e2e.gw.rpc('gw.credit.notice.publish', { opsId: admin, noticeId });
      return noticeId;
    };
    const app = await publish('app', 'app-e2e');
    const site = await publish('site', 'site-e2e');
    const shell = journey();
    const { page } = shell;
    await shell.goTo('notice');
    await page.getByTestId('notice-tab-app').click();
    const listed = page.getByTestId('app-notices').getByTestId('notice-item');
    await page.getByTestId('app-notices').locator(`[data-notice-id="${app}"]`).waitFor();
    expect(await listed.evaluateAll((items) => items.map((item) => item.getAttribute('data-notice-id')))).not.toContain(site);
    expect(await page.getByTestId('app-notices').locator(`[data-notice-id="${app}"]`).textContent()).toContain('app-e2e中');
  });

  it('writes a game notice for baccarat, which the platform takes and its lobby shows', async () => {
    const shell = journey();
    const { page } = shell;
    await shell.goTo('notice');
    await page.getByTestId('notice-tab-game').click();
    await page.getByTestId('game-notice-add').click();
    await shell.screen('noticeEditor').waitFor();
    for (const [language, title] of [
      ['zh', '百家乐新桌开放'],
      ['en', 'New baccarat tables'],
      ['th', 'เปิดโต๊ะบาคาร่าใหม่'],
    ] as const) {
      await page.getByTestId(`notice-tab-${language}`).click();
      await page.getByTestId(`notice-title-${language}`).fill(title);
      await page.getByTestId(`notice-content-${language}`).locator('[contenteditable="true"]').fill(title);
    }
    await page.getByTestId('notice-game-baccarat').check();
    await page.getByTestId('notice-start').fill(beijingInput(Date.now() - 60_000));
    await page.getByTestId('notice-end').fill(beijingInput(Date.now() + 3_600_000));
    await page.getByTestId('notice-save-game').click();
    await shell.screen('notice').waitFor();
    const id = String(
      (await e2e.gw.db.one<{ id: string }>(sql`SELECT id FROM notices WHERE kind = 'game' AND title->>'zh' = '百家乐新桌开放'`))!.id,
    );
    const row = new DataTablePage(page, 'game-notice-rows').rowWhere('notice-id', id);
    await expect.poll(() => row.getByTestId('game-notice-delivered').getAttribute('data-delivered'), { timeout: 15_000 }).toBe('true');
    await expect.poll(() => page.getByTestId('game-lobby').textContent(), { timeout: 15_000 }).toContain('百家乐新桌开放');
    expect(await e2e.gw.db.one(sql`SELECT game_codes FROM simulator_game_notices WHERE notice_id = ${id}`)).toEqual({
      game_codes: ['baccarat'],
    });
  });
});

describe.runIf(e2e.run)('suggestions in Chromium', () => {
  it("counts an agent's new suggestions on the menu, marks one read from its row and answers another from the palette", async () => {
    const member = await e2e.gw.accountId('mb01010101001');
    await e2e.gw.db.run(sql`DELETE FROM suggestions`);
    const sent = Date.now() - 60_000;
    await storeSuggestions(
      e2e.gw.db,
      'demo',
      [
        {
          suggestionId: 'e2e-1',
          memberId: member,
          kind: 'suggestion',
          title: '希望增加新桌',
          content: '请多开百家乐桌',
          device: 'app',
          sentAt: new Date(sent),
        },
        {
          suggestionId: 'e2e-2',
          memberId: member,
          kind: 'complaint',
          title: '出款太慢',
          content: '等了很久',
          device: 'h5',
          sentAt: new Date(sent + 1000),
        },
      ],
      new Date(),
    );
    const shell = await ShellPage.signedIn(e2e.browser, e2e.gw, 'ag01010101');
    const { page } = shell;
    const badge = shell.menuEntry('suggestion').getByTestId('menu-badge');
    await expect.poll(() => badge.textContent()).toBe('2');
    await shell.menuEntry('suggestion').click();
    await shell.screen('suggestion').waitFor();
    const rows = new DataTablePage(page, 'suggestion-rows');
    const first = rows.rowWhere(
      'suggestion-id',
      String((await e2e.gw.db.one<{ id: string }>(sql`SELECT id FROM suggestions WHERE platform_id = 'e2e-1'`))!.id),
    );
    await first.getByTestId('suggestion-read').click();
    await expect.poll(() => first.getByTestId('suggestion-status').getAttribute('data-status')).toBe('read');
    await expect.poll(() => badge.textContent()).toBe('1');

    await shell.runCommand('suggestions.reply');
    await page.getByTestId('palette-page').waitFor();
    await page.keyboard.type('出款');
    const second = String((await e2e.gw.db.one<{ id: string }>(sql`SELECT id FROM suggestions WHERE platform_id = 'e2e-2'`))!.id);
    await page.locator(`[data-command-id="suggestions.reply::${second}"][aria-selected="true"]`).waitFor();
    await page.keyboard.press('Enter');
    await page.getByTestId('suggestion-reply-dialog').waitFor();
    await page.getByTestId('suggestion-reply-send').click();
    await page.getByTestId('suggestion-reply-dialog').getByRole('alert').waitFor();
    await page.getByTestId('suggestion-reply-text').fill('已加快处理，请查收');
    await page.getByTestId('suggestion-reply-send').click();
    await page.getByTestId('suggestion-reply-dialog').waitFor({ state: 'detached' });
    await expect.poll(() => badge.count()).toBe(0);
    expect(await e2e.gw.db.one(sql`SELECT status, reply, replied_by_login FROM suggestions WHERE platform_id = 'e2e-2'`)).toEqual({
      status: 'answered',
      reply: '已加快处理，请查收',
      replied_by_login: 'ag01010101',
    });
    // The answer reaches the member at the platform through the outbox; the list says so when read again.
    await expect
      .poll(() => e2e.gw.db.one(sql`SELECT reply FROM simulator_suggestion_replies WHERE suggestion_id = 'e2e-2'`), { timeout: 15_000 })
      .toEqual({ reply: '已加快处理，请查收' });
    await page.reload();
    await expect
      .poll(() => rows.rowWhere('suggestion-id', second).getByTestId('suggestion-delivered').getAttribute('data-delivered'))
      .toBe('true');
    await shell.close();
  });
});

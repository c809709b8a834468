import { sql } from 'drizzle-orm';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { closeApp, keepSession, keptSession, pickDesktop, pooledPage, signIn } from '../support/app-page';
import { useAppInChromium } from '../support/app-in-chromium';

const e2e = useAppInChromium();

const THEMES = ['black', 'red'] as const;
type Theme = (typeof THEMES)[number];
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING = new Set(['serious', 'critical']);

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;
type Violation = AxeResults['violations'][number];

/**
 * A page whose localStorage holds the theme before any script of the app runs. With
 * `signedInAs`, on the notice screen: signed in by hand the first time in this file, then with
 * the kept session (app-page.ts openSignedIn).
 */
async function openThemed(
  theme: Theme,
  options: { width?: number; height?: number; path?: string; signedInAs?: string } = {},
): Promise<Page> {
  const width = options.width ?? 1280;
  const page = await pooledPage(e2e.browser, e2e.gw.url, { width, height: options.height ?? 800 });
  await page.evaluate((value: string) => window.localStorage.setItem('credit-preferences', value), JSON.stringify({ theme }));
  // The narrow desktop layout (the phone's own entry has its own test, mobile.e2e.test.ts).
  if (width < 992) await page.evaluate(pickDesktop);
  const kept = options.signedInAs ? await keptSession(e2e.gw, options.signedInAs) : undefined;
  if (kept) await page.context().addCookies(kept);
  await page.goto(`${e2e.gw.url}/#${options.path ?? '/login'}`);
  await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
  if (options.signedInAs) {
    if (!kept) {
      await page.getByTestId('login-screen').waitFor();
      await signIn(page, e2e.gw, options.signedInAs);
    }
    await page.getByTestId('notice-screen').waitFor();
    if (!kept) await keepSession(page, e2e.gw, options.signedInAs);
  }
  return page;
}

/** The captcha image is shown and fully decoded, so axe sees the screen as a person does. */
async function waitForCaptcha(page: Page): Promise<void> {
  const image = page.locator('img[data-captcha-id]');
  await image.waitFor();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
}

function describeViolations(violations: Violation[]): string {
  return violations
    .map((violation) => {
      const nodes = violation.nodes.map(
        (node) =>
          `    - ${JSON.stringify(node.target)} ${node.html}${node.failureSummary ? `\n      ${node.failureSummary.replace(/\n/g, '\n      ')}` : ''}`,
      );
      return `[${violation.impact ?? 'unknown'}] ${violation.id}: ${violation.help} (${violation.helpUrl})\n${nodes.join('\n')}`;
    })
    .join('\n');
}

/** Runs axe with the WCAG 2.0/2.1 A and AA rules; fails on any serious or critical violation, listing every violation. */
async function expectNoSeriousViolations(page: Page, screen: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const all = results.violations;
  if (all.length > 0) console.warn(`axe on ${screen}: ${all.length} violation(s)\n${describeViolations(all)}`);
  const blocking = all
    .filter((violation) => BLOCKING.has(violation.impact ?? ''))
    .map((violation) => `${violation.impact} ${violation.id}`);
  expect(blocking, `serious or critical axe violations on ${screen}; all violations:\n${describeViolations(all)}`).toEqual([]);
}

describe.runIf(e2e.run)('accessibility (axe, WCAG 2.1 A/AA) in Chromium', () => {
  describe.each(THEMES)('theme %s', (theme) => {
    it('login screen with its captcha', async () => {
      const page = await openThemed(theme);
      try {
        await page.getByTestId('login-screen').waitFor();
        await waitForCaptcha(page);
        await expectNoSeriousViolations(page, `login (theme ${theme}, 1280 px)`);
      } finally {
        await closeApp(page);
      }
    });

    it('login screen in a 390 px wide viewport', async () => {
      const page = await openThemed(theme, { width: 390, height: 844 });
      try {
        await page.getByTestId('login-screen').waitFor();
        await waitForCaptcha(page);
        await expectNoSeriousViolations(page, `login (theme ${theme}, 390 px)`);
      } finally {
        await closeApp(page);
      }
    });

    it('notice screen after signing in', async () => {
      const page = await openThemed(theme, { signedInAs: 'admin' });
      try {
        await expect.poll(() => page.getByTestId('notice-item').count()).toBeGreaterThan(0);
        expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
        await expectNoSeriousViolations(page, `notice (theme ${theme})`);
      } finally {
        await closeApp(page);
      }
    });

    it('notice screen and its open menu sheet in a 390 px wide viewport', async () => {
      const page = await openThemed(theme, { width: 390, height: 844, signedInAs: 'admin' });
      try {
        await expectNoSeriousViolations(page, `notice (theme ${theme}, 390 px)`);
        await page.getByRole('button', { name: '显示或隐藏菜单' }).click();
        const sheet = page.getByTestId('menu-sheet');
        await sheet.waitFor();
        await expect.poll(async () => (await sheet.boundingBox())?.x).toBe(0);
        await expectNoSeriousViolations(page, `menu sheet (theme ${theme}, 390 px)`);
      } finally {
        await closeApp(page);
      }
    });

    it('change-password screen', async () => {
      const page = await openThemed(theme, { signedInAs: 'admin' });
      try {
        await page.goto(`${e2e.gw.url}/#/changePass/index`);
        await page.getByTestId('change-password-screen').waitFor();
        expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
        await expectNoSeriousViolations(page, `change password (theme ${theme})`);
      } finally {
        await closeApp(page);
      }
    });

    it('user management and add-agent screens', async () => {
      const page = await openThemed(theme, { signedInAs: 'admin' });
      try {
        await page.goto(`${e2e.gw.url}/#/account/index`);
        await page.getByTestId('account-row').first().waitFor();
        await expectNoSeriousViolations(page, `user management (theme ${theme})`);
        await page.goto(`${e2e.gw.url}/#/add/index`);
        await page.getByTestId('add-account-screen').waitFor();
        await page.getByTestId('add-submit').click();
        await page.getByRole('alert').first().waitFor();
        await expectNoSeriousViolations(page, `add agent with its validation messages (theme ${theme})`);
      } finally {
        await closeApp(page);
      }
    });

    it('edit-user screen, and the add-multiple form with its job progress', async () => {
      const page = await openThemed(theme, { signedInAs: 'ag01010101' });
      try {
        const member = await e2e.gw.db.one<{ id: string | number }>(
          sql`SELECT id FROM accounts WHERE site_id = 'demo' AND login_id = 'mb01010101001'`,
        );
        await page.goto(`${e2e.gw.url}/#/editAccount/index/${member!.id}`);
        await page.getByTestId('game-settings').waitFor();
        await expectNoSeriousViolations(page, `edit user (theme ${theme})`);
        await page.goto(`${e2e.gw.url}/#/add/index/batch`);
        await page.getByTestId('batch-form').waitFor();
        await page.locator('#batch-prefix').fill(`ax${theme}`);
        await page.locator('#batch-count').fill('3');
        await page.locator('#batch-password').fill('Batch_123');
        await page.locator('#batch-confirmPassword').fill('Batch_123');
        await page.locator('#batch-safeCode').fill('1357');
        await page.locator('#batch-pointLimit').fill('1');
        await page.getByTestId('batch-submit').click();
        await expect.poll(() => page.getByTestId('job-progress').getAttribute('data-status')).toBe('done');
        await expectNoSeriousViolations(page, `add multiple players with the job outcome (theme ${theme})`);
      } finally {
        await closeApp(page);
      }
    });
  });
});

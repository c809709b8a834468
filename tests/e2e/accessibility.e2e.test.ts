import { sql } from 'drizzle-orm';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { closeApp, keepSession, keptSession, pickDesktop, pooledPage, signIn } from '../support/app-page';
import type { ScreenId } from '../../commands/screens';
import { useAppInChromium, useJourney } from '../support/app-in-chromium';
import { ShellPage } from '../support/pages/shell-page';

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
  // Opened before a journey's steps, where no expect runs: its first step asserts the theme (themeShown).
  await page.waitForFunction((wanted) => document.documentElement.dataset.theme === wanted, theme);
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

const themeShown = (page: Page) => page.evaluate(() => document.documentElement.dataset.theme);

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

/** Signs in by hand on the login screen the page shows, and keeps the session for the file's later pages. */
async function signInHere(page: Page, loginId: string): Promise<void> {
  await signIn(page, e2e.gw, loginId);
  await page.getByTestId('notice-screen').waitFor();
  await keepSession(page, e2e.gw, loginId);
}

/** A journey's page, opened themed as openThemed opens it. */
function themedJourney(theme: Theme, options: Parameters<typeof openThemed>[1] = {}) {
  return useJourney(e2e, async () => {
    const page = await openThemed(theme, options);
    return { page, close: () => closeApp(page) };
  });
}

describe.runIf(e2e.run)('accessibility (axe, WCAG 2.1 A/AA) in Chromium', () => {
  describe.each(THEMES)('theme %s', (theme) => {
    describe('an admin signing in at 1280 px and walking the screens, one page', () => {
      const journey = themedJourney(theme);

      it('login screen with its captcha', async () => {
        const { page } = journey();
        expect(await themeShown(page)).toBe(theme);
        await page.getByTestId('login-screen').waitFor();
        await waitForCaptcha(page);
        await expectNoSeriousViolations(page, `login (theme ${theme}, 1280 px)`);
      });

      it('notice screen after signing in', async () => {
        const { page } = journey();
        await signInHere(page, 'admin');
        await expect.poll(() => page.getByTestId('notice-item').count()).toBeGreaterThan(0);
        expect(await themeShown(page)).toBe(theme);
        await expectNoSeriousViolations(page, `notice (theme ${theme})`);
      });

      it('change-password screen', async () => {
        const { page } = journey();
        await page.goto(`${e2e.gw.url}/#/changePass/index`);
        await page.getByTestId('change-password-screen').waitFor();
        expect(await themeShown(page)).toBe(theme);
        await expectNoSeriousViolations(page, `change password (theme ${theme})`);
      });

      it('user management and add-agent screens', async () => {
        const { page } = journey();
        await page.goto(`${e2e.gw.url}/#/account/index`);
        await page.getByTestId('account-row').first().waitFor();
        await expectNoSeriousViolations(page, `user management (theme ${theme})`);
        await page.goto(`${e2e.gw.url}/#/add/index`);
        await page.getByTestId('add-account-screen').waitFor();
        await page.getByTestId('add-submit').click();
        await page.getByRole('alert').first().waitFor();
        await expectNoSeriousViolations(page, `add agent with its validation messages (theme ${theme})`);
      });
    });

    describe('an admin signing in at 390 px and opening the menu sheet, one page', () => {
      const journey = themedJourney(theme, { width: 390, height: 844 });

      it('login screen in a 390 px wide viewport', async () => {
        const { page } = journey();
        expect(await themeShown(page)).toBe(theme);
        await page.getByTestId('login-screen').waitFor();
        await waitForCaptcha(page);
        await expectNoSeriousViolations(page, `login (theme ${theme}, 390 px)`);
      });

      it('notice screen and its open menu sheet in a 390 px wide viewport', async () => {
        const { page } = journey();
        await signInHere(page, 'admin');
        await expectNoSeriousViolations(page, `notice (theme ${theme}, 390 px)`);
        await page.getByRole('button', { name: '显示或隐藏菜单' }).click();
        const sheet = page.getByTestId('menu-sheet');
        await sheet.waitFor();
        await expect.poll(async () => (await sheet.boundingBox())?.x).toBe(0);
        await expectNoSeriousViolations(page, `menu sheet (theme ${theme}, 390 px)`);
      });

      it('the main screens in zh and en never scroll the page sideways at 390 px (their tables scroll in their own box)', async () => {
        const { page } = journey();
        const shell = new ShellPage(page, e2e.gw);
        await page.keyboard.press('Escape');
        await page.getByTestId('menu-sheet').waitFor({ state: 'detached' });
        const screens: [ScreenId, string][] = [
          ['accounts', '[data-testid=account-row]'],
          ['addAccount', '[data-testid=game-settings] tbody tr'],
          ['operationRecord', '[data-testid=audit-action]'],
          ['winningReport', '[data-testid=report-rows]'],
          ['videoOrder', '[data-testid=bet-rows]'],
        ];
        const wide: string[] = [];
        for (const language of ['zh', 'en'] as const) {
          if (language === 'en') {
            await shell.runCommand('preferences.language');
            await page.keyboard.type('en');
            await page.locator('[data-command-id="preferences.language::en"][aria-selected="true"]').waitFor();
            await page.keyboard.press('Enter');
            await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en');
          }
          for (const [id, shown] of screens) {
            await shell.goTo(id);
            await page.locator(shown).first().waitFor();
            const width = await page.evaluate(() => document.documentElement.scrollWidth);
            if (width > 390) wide.push(`${language} ${id}: ${width} px`);
          }
        }
        expect(wide).toEqual([]);
      });
    });

    describe('an agent editing a member and adding several, one page', () => {
      const journey = themedJourney(theme, { signedInAs: 'ag01010101' });

      it('edit-user screen', async () => {
        const { page } = journey();
        expect(await themeShown(page)).toBe(theme);
        const member = await e2e.gw.db.one<{ id: string | number }>(
          sql`SELECT id FROM accounts WHERE site_id = 'demo' AND login_id = 'mb01010101001'`,
        );
        await page.goto(`${e2e.gw.url}/#/editAccount/index/${member!.id}`);
        await page.getByTestId('game-settings').waitFor();
        await expectNoSeriousViolations(page, `edit user (theme ${theme})`);
      });

      it('the add-multiple form with its job progress', async () => {
        const { page } = journey();
        await page.goto(`${e2e.gw.url}/#/add/index/batch`);
        await page.getByTestId('batch-form').waitFor();
        await page.locator('#batch-prefix').fill(`ax${theme}`);
        await page.locator('#batch-count').fill('3');
        await page.locator('#batch-password').fill('Batch_123');
        await page.locator('#batch-confirmPassword').fill('Batch_123');
        await page.locator('#batch-pointLimit').fill('1');
        await page.getByTestId('batch-submit').click();
        await expect.poll(() => page.getByTestId('job-progress').getAttribute('data-status')).toBe('done');
        await expectNoSeriousViolations(page, `add multiple players with the job outcome (theme ${theme})`);
      });
    });
  });
});

import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { closeApp, pickDesktop, pooledPage, signIn, signOut } from '../support/app-page';
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

/** A page whose localStorage holds the theme before any script of the app runs, on the login. */
async function openThemed(theme: Theme, options: { width?: number; height?: number } = {}): Promise<Page> {
  const width = options.width ?? 1280;
  const page = await pooledPage(e2e.browser, e2e.gw.url, { width, height: options.height ?? 800 });
  await page.evaluate((value: string) => window.localStorage.setItem('credit-preferences', value), JSON.stringify({ theme }));
  // The narrow desktop layout (the phone's own entry has its own test, mobile.e2e.test.ts).
  if (width < 992) await page.evaluate(pickDesktop);
  await page.goto(`${e2e.gw.url}/#/login`);
  // Opened before a journey's steps, where no expect runs: its first step asserts the theme (themeShown).
  await page.waitForFunction((wanted) => document.documentElement.dataset.theme === wanted, theme);
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
  // Colours read mid-transition (a theme just switched, an overlay fading) are not the page's:
  // the finite transitions and animations end first (a spinner's never does, and is not waited for).
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const all = results.violations;
  if (all.length > 0) console.warn(`axe on ${screen}: ${all.length} violation(s)\n${describeViolations(all)}`);
  const blocking = all
    .filter((violation) => BLOCKING.has(violation.impact ?? ''))
    .map((violation) => `${violation.impact} ${violation.id}`);
  expect(blocking, `serious or critical axe violations on ${screen}; all violations:\n${describeViolations(all)}`).toEqual([]);
}

/** Signs in by hand on the login screen the page shows, to the notices. */
async function signInHere(page: Page, loginId: string): Promise<void> {
  await signIn(page, e2e.gw, loginId);
  await page.getByTestId('notice-screen').waitFor();
}

/** Runs a command of the palette by its id, then takes its choice `choice` (theme.red...). */
async function paletteChoice(page: Page, commandId: string, choice: string): Promise<void> {
  await page.keyboard.press('Control+k');
  await page.getByRole('dialog').getByRole('combobox').waitFor();
  await page.keyboard.type(commandId);
  await page.locator(`[data-command-id="${commandId}"][aria-selected="true"]`).waitFor();
  await page.keyboard.press('Enter');
  await page.getByTestId('palette-page').waitFor();
  await page.keyboard.type(choice);
  await page.locator(`[data-command-id$=":${choice}"][aria-selected="true"]`).waitFor();
  await page.keyboard.press('Enter');
}

/** The other theme, chosen in the palette as a person does: the page's colours follow without a reload. */
async function chooseTheme(page: Page, theme: Theme): Promise<void> {
  await paletteChoice(page, 'preferences.theme', theme);
  await expect.poll(() => themeShown(page)).toBe(theme);
}

/** The company's screens after the notices: change password, user management, add agent with its messages. */
async function companyScreens(page: Page, theme: Theme): Promise<void> {
  await page.goto(`${e2e.gw.url}/#/changePass/index`);
  await page.getByTestId('change-password-screen').waitFor();
  expect(await themeShown(page)).toBe(theme);
  await expectNoSeriousViolations(page, `change password (theme ${theme})`);
  await page.goto(`${e2e.gw.url}/#/account/index`);
  await page.getByTestId('account-row').first().waitFor();
  await expectNoSeriousViolations(page, `user management (theme ${theme})`);
  await page.goto(`${e2e.gw.url}/#/add/index`);
  await page.getByTestId('add-account-screen').waitFor();
  await page.getByTestId('add-submit').click();
  await page.getByRole('alert').first().waitFor();
  await expectNoSeriousViolations(page, `add agent with its validation messages (theme ${theme})`);
}

/** An agent's screens: a member's edit-user screen, then the add-multiple form with its job's outcome. */
async function agentScreens(page: Page, theme: Theme): Promise<void> {
  expect(await themeShown(page)).toBe(theme);
  const member = await e2e.gw.accountId('mb01010101001');
  await page.goto(`${e2e.gw.url}/#/editAccount/index/${member}`);
  await page.getByTestId('game-settings').waitFor();
  await expectNoSeriousViolations(page, `edit user (theme ${theme})`);
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
}

/** The notices at 390 px, then the menu sheet open over them, closed again. */
async function narrowNoticeAndSheet(page: Page, theme: Theme): Promise<void> {
  await page.getByTestId('notice-screen').waitFor();
  expect(await themeShown(page)).toBe(theme);
  await expectNoSeriousViolations(page, `notice (theme ${theme}, 390 px)`);
  await page.getByRole('button', { name: '显示或隐藏菜单' }).click();
  const sheet = page.getByTestId('menu-sheet');
  await sheet.waitFor();
  await expect.poll(async () => (await sheet.boundingBox())?.x).toBe(0);
  await expectNoSeriousViolations(page, `menu sheet (theme ${theme}, 390 px)`);
  await page.keyboard.press('Escape');
  await sheet.waitFor({ state: 'detached' });
}

/** A journey's page, opened themed as openThemed opens it. */
function themedJourney(theme: Theme, options: Parameters<typeof openThemed>[1] = {}) {
  return useJourney(e2e, async () => {
    const page = await openThemed(theme, options);
    return { page, close: () => closeApp(page) };
  });
}

// Each screen passes axe in both themes. One page per width: the first theme is the one the page
// starts with (read from storage before the app runs), the other is chosen in the palette.
const [FIRST, SECOND] = THEMES;

describe.runIf(e2e.run)('accessibility (axe, WCAG 2.1 A/AA) in Chromium, both themes', () => {
  describe(`the company at 1280 px in the ${FIRST} theme, then ${SECOND}, then an agent in both, one page`, () => {
    const journey = themedJourney(FIRST);

    it(`login screen with its captcha (${FIRST})`, async () => {
      const { page } = journey();
      expect(await themeShown(page)).toBe(FIRST);
      await page.getByTestId('login-screen').waitFor();
      await waitForCaptcha(page);
      await expectNoSeriousViolations(page, `login (theme ${FIRST}, 1280 px)`);
    });

    it(`notice, change-password, user management and add-agent screens (${FIRST})`, async () => {
      const { page } = journey();
      await signInHere(page, 'admin');
      await expect.poll(() => page.getByTestId('notice-item').count()).toBeGreaterThan(0);
      expect(await themeShown(page)).toBe(FIRST);
      await expectNoSeriousViolations(page, `notice (theme ${FIRST})`);
      await companyScreens(page, FIRST);
    });

    it(`the same screens once ${SECOND} is chosen in the palette`, async () => {
      const { page } = journey();
      await page.goto(`${e2e.gw.url}/#/notice`);
      await expect.poll(() => page.getByTestId('notice-item').count()).toBeGreaterThan(0);
      await chooseTheme(page, SECOND);
      await expectNoSeriousViolations(page, `notice (theme ${SECOND})`);
      await companyScreens(page, SECOND);
    });

    it(`login screen with its captcha after signing out (${SECOND})`, async () => {
      const { page } = journey();
      await signOut(page);
      await waitForCaptcha(page);
      expect(await themeShown(page)).toBe(SECOND);
      await expectNoSeriousViolations(page, `login (theme ${SECOND}, 1280 px)`);
    });

    it(`an agent's edit-user screen and add-multiple form with its job progress (${SECOND}, then ${FIRST})`, async () => {
      const { page } = journey();
      await signInHere(page, 'ag01010101');
      await agentScreens(page, SECOND);
      await chooseTheme(page, FIRST);
      await agentScreens(page, FIRST);
    });
  });

  describe(`the company at 390 px in the ${FIRST} theme, then ${SECOND}, with the menu sheet, one page`, () => {
    const journey = themedJourney(FIRST, { width: 390, height: 844 });

    it(`login screen in a 390 px wide viewport (${FIRST})`, async () => {
      const { page } = journey();
      expect(await themeShown(page)).toBe(FIRST);
      await page.getByTestId('login-screen').waitFor();
      await waitForCaptcha(page);
      await expectNoSeriousViolations(page, `login (theme ${FIRST}, 390 px)`);
    });

    it(`notice screen and its open menu sheet in a 390 px wide viewport (${FIRST}, then ${SECOND})`, async () => {
      const { page } = journey();
      await signInHere(page, 'admin');
      await narrowNoticeAndSheet(page, FIRST);
      await chooseTheme(page, SECOND);
      await narrowNoticeAndSheet(page, SECOND);
    });

    // Layout, not colour: once, in the second theme.
    it('the main screens in zh and en never scroll the page sideways at 390 px (their tables scroll in their own box)', async () => {
      const { page } = journey();
      const shell = new ShellPage(page, e2e.gw);
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
          await paletteChoice(page, 'preferences.language', 'en');
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

    it(`login screen in a 390 px wide viewport after signing out (${SECOND})`, async () => {
      const { page } = journey();
      await signOut(page);
      await waitForCaptcha(page);
      expect(await themeShown(page)).toBe(SECOND);
      await expectNoSeriousViolations(page, `login (theme ${SECOND}, 390 px)`);
    });
  });
});

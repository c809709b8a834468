import AxeBuilder from '@axe-core/playwright';
import { sql } from '../../server/kernel/db/sql';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { closeApp, pooledPage, signIn, watchConsole, type Cookie } from '../support/app-page';
import { plantSettledBet } from '../support/bet-fixture';
import { useAppInChromium, useJourney } from '../support/app-in-chromium';

const e2e = useAppInChromium();
const PHONE_SCREEN = { width: 390, height: 844 };

/**
 * A phone's browser opening the desktop address, as a person types it. With `scrollbars` its
 * scrollbar takes room as a narrow desktop window's does: what was laid out before it came must shrink.
 */
async function openOnPhone(path = '/login', options: { scrollbars?: boolean; cookies?: Cookie[] } = {}): Promise<Page> {
  const page = await pooledPage(e2e.browser, e2e.gw.url, PHONE_SCREEN, { hasTouch: true, isMobile: !options.scrollbars });
  if (options.cookies) await page.context().addCookies(options.cookies);
  watchConsole(page);
  await page.goto(`${e2e.gw.url}/#${path}`);
  return page;
}

/** The phone's own entry (/m/) on its login, for a journey whose first step signs in by hand. */
function phoneJourney(options: { scrollbars?: boolean } = {}) {
  return useJourney(e2e, async () => {
    const page = await pooledPage(e2e.browser, e2e.gw.url, PHONE_SCREEN, { hasTouch: true, isMobile: !options.scrollbars });
    watchConsole(page);
    await page.goto(`${e2e.gw.url}/m/#/login`);
    return { page, close: () => closeApp(page) };
  });
}

/** Every axe finding (any impact) on what the page shows once its transitions (a new theme's colours) have ended. */
async function axeFindings(page: Page): Promise<string[]> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished),
    ),
  );
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations.map(
    (violation) =>
      `${violation.impact} ${violation.id}: ${violation.nodes.map((node) => `${String(node.target)} ${node.failureSummary}`).join(', ')}`,
  );
}

/** What sticks out sideways: the page wider than the screen, or any element reaching past its edges. */
async function sidewaysOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    // The width the page has beside a scrollbar (the whole of innerWidth on a phone's overlay scrollbars).
    const width = document.documentElement.clientWidth;
    const found: string[] = [];
    const root = document.documentElement.scrollWidth;
    if (root > width || root > window.innerWidth) found.push(`page ${root} px wide`);
    // An element's part that shows: what its scrolling or clipping ancestors (a marquee's track) let through.
    const shown = (element: Element) => {
      let { left, right } = element.getBoundingClientRect();
      for (let parent = element.parentElement; parent; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX === 'visible') continue;
        const clip = parent.getBoundingClientRect();
        left = Math.max(left, clip.left);
        right = Math.min(right, clip.right);
      }
      return { left, right };
    };
    for (const element of document.body.querySelectorAll('*')) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const { left, right } = shown(element);
      if (right > left && (left < -0.5 || right > width + 0.5)) {
        const id = element.getAttribute('data-testid') ?? element.className.toString().slice(0, 40);
        found.push(`${element.tagName.toLowerCase()} ${id}: ${Math.round(box.left)}..${Math.round(box.right)}`);
      }
    }
    return found;
  });
}

const pathOf = (page: Page) => new URL(page.url()).pathname;

/** Where a sheet rests once it has risen (its animations ended): its bottom edge, its width, and whether it leaves the top free. */
async function restingPlace(sheet: Locator) {
  await sheet.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished)));
  const box = (await sheet.boundingBox())!;
  return { bottom: Math.round(box.y + box.height), width: Math.round(box.width), topFree: box.y > 0 };
}

/** A phone's sheets rise from its foot, the whole width of the screen, as a thumb expects (not a drawer from a side). */
const AT_THE_FOOT = { bottom: PHONE_SCREEN.height, width: PHONE_SCREEN.width, topFree: true };

/** The theme and screen (its desktop path) pairs whose axe and sideways checks have run: each once in the file. */
const checkedScreens = new Set<string>();

/** Axe and the sideways check on the screen shown, once per theme and screen; a finding names the screen. */
async function checkScreenOnce(page: Page, screen: string): Promise<void> {
  const key = `${await page.evaluate(() => document.documentElement.dataset.theme)} ${screen}`;
  if (checkedScreens.has(key)) return;
  checkedScreens.add(key);
  expect.soft(await axeFindings(page), `axe on ${key}`).toEqual([]);
  expect.soft(await sidewaysOverflow(page), `sideways on ${key}`).toEqual([]);
}

describe.runIf(e2e.run)('a level-1 agent, then a level-4 agent, on a phone in Chromium (390 x 844, touch), one page', () => {
  const journey = useJourney(e2e, async () => {
    const page = await openOnPhone('/login');
    return { page, close: () => closeApp(page) };
  });

  it('sends a desktop address to the mobile login, signs in, shows the figures a tap away, passes axe in both themes', async () => {
    const { page } = journey();
    await page.waitForURL(/\/m\/#\/login$/);
    const login = page.getByTestId('login-screen');
    expect(await login.getAttribute('data-view')).toBe('mobile');
    await page.locator('img[data-captcha-id]').waitFor();
    expect(await axeFindings(page)).toEqual([]);
    // Touch targets: the sign-in button and the fields are at least 44 px high.
    for (const target of [page.getByRole('button', { name: /登录/ }), page.locator('#login-id')]) {
      expect((await target.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    }

    await signIn(page, e2e.gw, 'ma01');
    await page.getByTestId('mobile-notice-screen').waitFor();
    expect(pathOf(page)).toBe('/m/');
    await page.getByTestId('bottom-bar').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    const balance = await e2e.gw.db.one<{ balance: string | number }>(sql`SELECT balance FROM accounts WHERE login_id = 'ma01'`);
    const points = (Number(balance!.balance) / 100).toLocaleString('en-US', { minimumFractionDigits: 2 });
    await expect.poll(() => page.getByTestId('points').textContent()).toBe(points);
    await page.getByTestId('points').tap();
    await page.getByTestId('more-sheet').waitFor();
    expect.soft(await restingPlace(page.getByTestId('more-sheet')), 'the more sheet').toEqual(AT_THE_FOOT);
    expect(await page.getByTestId('figure-points').textContent()).toBe(points);
    expect(await page.getByTestId('figure-commission').textContent()).toMatch(/%$/);
    expect(await axeFindings(page)).toEqual([]);

    // The red theme, chosen in the sheet: the notices and the sheet pass axe again.
    await page.getByTestId('mobile-theme').selectOption('red');
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('red');
    expect(await axeFindings(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByTestId('more-sheet').waitFor({ state: 'detached' });

    // Change password from the sheet, then the palette's commands in theirs.
    await page.getByTestId('tab-more').tap();
    await page.getByTestId('more-sheet').getByTestId('change-password').tap();
    await page.getByTestId('change-password-screen').waitFor();
    // And the two-factor code: current password and code, the new code twice (axe in the sweep of the screens).
    await page.getByTestId('tab-more').tap();
    await page.getByTestId('more-sheet').getByTestId('change-safe-code').tap();
    await page.getByTestId('change-safe-code-screen').waitFor();
    expect(await page.getByTestId('safe-code-form').locator('input').count()).toBe(4);
    await page.getByTestId('tab-commands').tap();
    await page.locator('[data-command-id="session.switchView"]').waitFor();
    // A sheet at the foot of the screen, within a thumb's reach.
    const sheet = page.locator('[data-slot=command-dialog]');
    expect.soft(await restingPlace(sheet), 'the command sheet').toEqual(AT_THE_FOOT);
    // The palette's Alt+1 is of no use to a thumb: present in the page, not shown.
    expect(await sheet.locator('[data-slot=command-shortcut]').count()).toBeGreaterThan(0);
    expect(await sheet.locator('[data-slot=command-shortcut]').first().isVisible()).toBe(false);
    expect(await axeFindings(page)).toEqual([]);
    // The same rights as the desktop: a level-1 agent gets its reports, and no system settings.
    await page.locator('[data-command-id="go.winningReport"]').waitFor();
    expect(await page.locator('[data-command-id="go.systemSetting"]').count()).toBe(0);
    await page.keyboard.press('Escape');
  });

  it('takes a lost session to the mobile login (without a captcha field once the site asks none, where a level-4 agent signs in without one), and serves an installable manifest with the site title', async () => {
    const { page } = journey();
    await page.evaluate(() => (location.hash = '/notice'));
    await page.getByTestId('mobile-notice-screen').waitFor();
    // The site stops asking a captcha: the login the page reloads on reads it as the app starts.
    await e2e.gw.db.run(sql`UPDATE sites SET captcha_required = false WHERE id = 'demo'`);
    try {
      await loseSessionAndSignInWithoutCaptcha(page);
    } finally {
      await e2e.gw.db.run(sql`UPDATE sites SET captcha_required = true WHERE id = 'demo'`);
    }
  });

  it("scores one of its members up and down, reads the member's score log and freezes it", async () => {
    // A level-4 agent's members are its direct children: score one up and down, then freeze it.
    // Signed in as ag01010101 by the step before, without a captcha.
    const { page: agent } = journey();
    await agent.getByTestId('mobile-notice-screen').waitFor();
    await agent.getByTestId('tab-accounts').tap();
    // Below a level-4 agent there are only members: the list shows them once it knows the line.
    await expect.poll(() => agent.getByTestId('mobile-account-list').getAttribute('data-shown')).toBe('members');
    const first = agent.getByTestId('mobile-account-card').first();
    await first.waitFor();
    const loginId = (await first.getAttribute('data-login-id'))!;
    expect(loginId).toMatch(/^mb010101/);
    const member = agent.locator(`[data-testid=mobile-account-card][data-login-id="${loginId}"]`);
    const cents = async () =>
      Number((await e2e.gw.db.one<{ balance: string | number }>(sql`SELECT balance FROM accounts WHERE login_id = ${loginId}`))!.balance);
    const before = await cents();
    await member.getByTestId('mobile-account-actions').tap();
    await agent.getByTestId('mobile-action-sheet').waitFor();
    expect.soft(await restingPlace(agent.getByTestId('mobile-action-sheet')), 'the account sheet').toEqual(AT_THE_FOOT);
    await agent.getByTestId('mobile-action-sheet').locator('[data-action-id="account.setScore"]').tap();
    await agent.getByTestId('setting-score-screen').waitFor();
    await agent.locator('#score-amount').fill('12.34');
    await agent.getByTestId('score-submit').tap();
    await agent.getByTestId('score-confirm-ok').tap();
    await agent.getByTestId('score-result').waitFor();
    expect(await cents()).toBe(before + 1234);
    await agent.getByTestId('score-new').tap();
    await agent.getByTestId('score-down').tap();
    await agent.locator('#score-amount').fill('2.34');
    await agent.getByTestId('score-submit').tap();
    await agent.getByTestId('score-confirm-ok').tap();
    await agent.getByTestId('score-result').waitFor();
    expect(await cents()).toBe(before + 1000);

    // The member's score log, from its card: both operations, newest first.
    await agent.getByTestId('tab-accounts').tap();
    await member.getByTestId('mobile-account-actions').tap();
    await agent.getByTestId('mobile-account-log').tap();
    await agent.getByTestId('mobile-score-log').waitFor();
    expect(await agent.getByTestId('mobile-log-account').textContent()).toBe(loginId);
    // The demo's members play meanwhile (their game transfers are in the log too): ours, newest first.
    const ours = async () =>
      (await agent.getByTestId('mobile-log-amount').allTextContents()).filter((text) => ['−2.34', '+12.34'].includes(text));
    await expect.poll(ours).toEqual(['−2.34', '+12.34']);

    await agent.getByTestId('tab-accounts').tap();
    await member.getByTestId('mobile-account-actions').tap();
    await agent.getByTestId('mobile-action-sheet').locator('[data-action-id="account.freeze"]').tap();
    await agent.getByTestId('action-confirm-ok').tap();
    await expect.poll(() => member.getAttribute('data-status')).toBe('6');
  });
});

/** The kick, the phone's login it reloads on (saying why, no captcha field), its manifest, and a level-4 agent's sign-in without a captcha. */
async function loseSessionAndSignInWithoutCaptcha(page: Page): Promise<void> {
  // Its upline kicks it out.
  const kicked = await e2e.gw.call('gw.credit.user.logout', {
    opsId: await e2e.gw.sessionFor('admin'),
    userId: await e2e.gw.accountId('ma01'),
  });
  expect(kicked.error).toBeUndefined();
  // The next call is refused (session gone): the page reloads on the phone's login, which says why.
  await page.getByTestId('points').tap();
  await page.getByTestId('refresh-points').tap();
  await page.getByTestId('login-screen').waitFor();
  expect(pathOf(page)).toBe('/m/');
  await expect.poll(() => page.getByTestId('login-reason').textContent()).toBe('您已被上级踢出登录。');

  const manifest = await page.evaluate(async () => (await fetch('/m/manifest.webmanifest')).json());
  const title = await e2e.gw.db.one<{ title: string }>(sql`SELECT title FROM sites WHERE id = 'demo'`);
  expect(manifest).toMatchObject({ start_url: '/m/#/notice', scope: '/m/', display: 'standalone' });
  expect(manifest.name).toBe(title!.title || 'Credit back office');
  // Each icon the manifest names is served.
  for (const icon of manifest.icons as { src: string }[]) {
    expect(await page.evaluate(async (src) => (await fetch(src)).status, icon.src), icon.src).toBe(200);
  }
  expect(await page.evaluate(() => document.querySelector('link[rel=manifest]')?.getAttribute('href'))).toBe('/m/manifest.webmanifest');

  await page.locator('#login-safe-code').waitFor();
  expect(await page.locator('#login-captcha').count()).toBe(0);
  expect(await page.locator('img[data-captcha-id]').count()).toBe(0);
  await page.locator('#login-id').fill('ag01010101');
  await page.locator('#login-password').fill('Admin123');
  await page.locator('#login-safe-code').fill('1234');
  await page.locator('#login-safe-code').press('Enter');
  await page.getByTestId('mobile-notice-screen').waitFor();
}

describe.runIf(e2e.run)('the company on a phone whose scrollbars take room, in Chromium, one page', () => {
  const journey = phoneJourney({ scrollbars: true });

  it('drills down the downline as cards and finds an account by search', async () => {
    const { page } = journey();
    await signIn(page, e2e.gw, 'admin');
    await page.getByTestId('mobile-notice-screen').waitFor();
    await page.getByTestId('tab-accounts').tap();
    const card = (loginId: string) => page.locator(`[data-testid=mobile-account-card][data-login-id="${loginId}"]`);
    for (const [login, next] of [
      ['ma01', 'sh0101'],
      ['sh0101', 'ga010101'],
    ] as const) {
      await card(login).getByTestId('mobile-account-open').tap();
      await card(next).waitFor();
    }
    expect(await page.getByTestId('mobile-line-step').allTextContents()).toEqual(['admin', 'ma01', 'sh0101']);
    await checkScreenOnce(page, '/account/index');
    // Further down the line, the company may only read: the sheet says why there is no action.
    await card('ga010101').getByTestId('mobile-account-actions').tap();
    expect(await page.getByTestId('mobile-action-sheet').getByTestId('no-action').getAttribute('data-reason')).toBe('notDirectChild');
    await page.keyboard.press('Escape');
    await page.getByTestId('mobile-line-step').first().tap();
    await card('ma01').waitFor();
    // Search finds an account anywhere in the line; its card opens the list it sits in.
    await page.getByTestId('open-search').tap();
    await page.getByTestId('search-input').fill('ga010102');
    await page.getByTestId('search-input').press('Enter');
    await page.locator('[data-testid=mobile-found][data-login-id="ga010102"]').getByTestId('mobile-found-open').tap();
    await card('ga010102').waitFor();
    expect(await page.getByTestId('mobile-line-step').allTextContents()).toEqual(['admin', 'ma01', 'sh0101']);
  });

  it("reads the win/loss report: the company's own result and the day's bars, drilled down by cards to a member and its bets", async () => {
    await plantSettledBet(e2e.gw, { orderId: '880000000901', loginId: 'mb01010101001', winLoss: -10_000 });
    const dayStart = Math.floor((Date.now() + 8 * 3_600_000) / 86_400_000) * 86_400_000 - 8 * 3_600_000;
    const report = await e2e.gw.rpc('gw.credit.agent.list.total.report', {
      opsId: await e2e.gw.sessionFor('admin'),
      startTime: new Date(dayStart).toISOString(),
      endTime: new Date(dayStart + 86_400_000).toISOString(),
    });

    const { page } = journey();
    await page.keyboard.press('Escape');
    await page.getByTestId('tab-reports').tap();
    await expect.poll(() => page.getByTestId('report-own').getAttribute('data-result')).toBe(report.own.result);
    // How far the numbers are known complete (the reconciliation's stamp), shown whether or not a clean run exists yet.
    await page.getByTestId('report-complete-to').waitFor();
    const row = (loginId: string) => page.locator(`[data-testid=mobile-report-row][data-login-id="${loginId}"]`);
    const ma01 = report.list.find((each) => each.loginId === 'ma01')!;
    const shown = Number(ma01.valueWonLose).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    expect(await row('ma01').getByTestId('mobile-report-result').textContent()).toBe(shown);
    await page.getByTestId('mobile-report-chart').waitFor();
    await checkScreenOnce(page, '/winningReport/index');
    await row('ma01').tap();
    await row('sh0101').waitFor();
    expect(await page.getByTestId('report-crumb').allTextContents()).toEqual([expect.any(String), 'ma01']);
    await page.getByTestId('mobile-report-range').selectOption('yesterday');
    await expect.poll(() => page.evaluate(() => location.hash)).toContain('preset=yesterday');
    await page.getByTestId('report-crumb').first().tap();
    await expect.poll(() => page.evaluate(() => location.hash)).not.toContain('trail=');
    await page.getByTestId('mobile-report-range').selectOption('today');
    // Down to the member, and from the member to its bets.
    for (const [login, next] of [
      ['ma01', 'sh0101'],
      ['sh0101', 'ga010101'],
      ['ga010101', 'ag01010101'],
      ['ag01010101', 'mb01010101001'],
    ] as const) {
      await row(login).tap();
      await row(next).waitFor();
    }
    expect(await page.getByTestId('mobile-win-loss').getAttribute('data-members')).toBe('true');
    await row('mb01010101001').tap();
    await page.getByTestId('mobile-bet-record').waitFor();
    expect(await page.getByTestId('mobile-bet-account').textContent()).toBe('mb01010101001');
    await page.locator('[data-testid=mobile-bet-card][data-order-id="880000000901"]').waitFor();
    await checkScreenOnce(page, '/videoOrder/index');
    // The bet opens in the same sheet as on the desktop, rising from the bottom, the whole width of the phone.
    await page.locator('[data-testid=mobile-bet-card][data-order-id="880000000901"]').getByTestId('bet-open').tap();
    const sheet = page.getByTestId('bet-detail-body');
    await sheet.waitFor();
    expect(await sheet.getAttribute('data-order-id')).toBe('880000000901');
    expect(await sheet.locator('[data-testid=bet-line-level][data-kind=company]').count()).toBe(1);
    const placed = await page.getByTestId('bet-detail').evaluate((element) => ({
      side: element.getAttribute('data-side'),
      width: element.getBoundingClientRect().width,
      bottom: getComputedStyle(element).bottom,
    }));
    expect(placed).toEqual({ side: 'bottom', width: page.viewportSize()!.width, bottom: '0px' });
    expect(await axeFindings(page)).toEqual([]);
  });

  it('passes axe and scrolls no phone screen sideways, in both themes', async () => {
    const { page } = journey();
    await page.keyboard.press('Escape');
    const screens = [
      ['/notice', 'mobile-notice-screen'],
      ['/searchAccount/index', 'mobile-search'],
      ['/account/index', 'mobile-account-card'],
      ['/settingScore/index', 'setting-score-screen'],
      ['/pointRecord/index', 'mobile-score-log'],
      ['/winningReport/index', 'mobile-win-loss'],
      ['/videoOrder/index', 'mobile-bet-record'],
      ['/changePass/index', 'change-password-screen'],
      ['/changeSafeCode/index', 'change-safe-code-screen'],
    ] as const;
    for (const theme of ['black', 'red'] as const) {
      // The theme as a person picks it, in the sheet.
      if (theme === 'red') {
        await page.getByTestId('tab-more').tap();
        await page.getByTestId('mobile-theme').selectOption(theme);
        await page.keyboard.press('Escape');
        await page.getByTestId('more-sheet').waitFor({ state: 'detached' });
      }
      await page.getByTestId('mobile-shell').waitFor();
      await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
      for (const [path, testId] of screens) {
        // A screen the journey's earlier steps checked in its fuller state (cards drilled, a report, a member's bets) is not checked again.
        if (checkedScreens.has(`${theme} ${path}`)) continue;
        await page.evaluate((hash) => (location.hash = hash), path);
        await page.getByTestId(testId).first().waitFor();
        await page.waitForLoadState('networkidle');
        await checkScreenOnce(page, path);
      }
    }
  }, 120_000);

  it('switches to the desktop version and back without signing in again, and logs out to the mobile login', async () => {
    const { page } = journey();
    await page.evaluate(() => (location.hash = '/notice'));
    await page.getByTestId('mobile-notice-screen').waitFor();

    await page.getByTestId('tab-more').tap();
    await page.getByTestId('more-sheet').getByTestId('switch-to-desktop').tap();
    await page.getByTestId('notice-screen').waitFor();
    expect(pathOf(page)).toBe('/');
    expect(await page.getByTestId('login-screen').count()).toBe(0);
    // Reloaded narrow, the desktop stays: it was picked.
    await page.reload();
    await page.getByTestId('notice-screen').waitFor();

    await page.getByTestId('switch-to-mobile').tap();
    await page.getByTestId('mobile-notice-screen').waitFor();
    expect(pathOf(page)).toBe('/m/');

    await page.getByTestId('tab-more').tap();
    await page.getByTestId('more-sheet').getByTestId('logout').tap();
    await page.getByTestId('logout-confirm').tap();
    await page.getByTestId('login-screen').waitFor();
    expect(pathOf(page)).toBe('/m/');
    expect(await page.getByTestId('login-screen').getAttribute('data-view')).toBe('mobile');
  });
});

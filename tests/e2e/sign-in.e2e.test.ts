import { sql } from '../../server/kernel/db/sql';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { blockLocalhost, closeApp, consoleErrors, openApp, setMaintenance, signIn, signOut, watchConsole } from '../support/app-page';
import { useAppInChromium, useJourney } from '../support/app-in-chromium';

const e2e = useAppInChromium();

/** The login's layout shown, and how many of the old layout's panels. */
async function layoutOf(page: Page) {
  await page.locator('#login-id').waitFor();
  const layout = await page.getByTestId('login-screen').getAttribute('data-layout');
  const panels = await page.getByTestId('login-old-layout').count();
  return { layout, panels };
}

describe.runIf(e2e.run)('a person at the login screen in Chromium, signing in and out on one page', () => {
  const journey = useJourney(e2e, async () => {
    const page = await openApp(e2e.browser, e2e.gw, { path: '/' });
    return { page, close: () => closeApp(page) };
  });

  it('checks the form before sending: the validation rules and digits only in the two-factor code', async () => {
    const { page } = journey();
    // Opened at /: the login.
    await page.getByTestId('login-screen').waitFor();
    expect(page.url()).toMatch(/#\/login$/);
    await page.locator('#login-id').fill('ab');
    await page.locator('#login-safe-code').pressSequentially('12ab34');
    expect(await page.locator('#login-safe-code').inputValue()).toBe('1234');
    // The form sends only once its captcha is there (the button is disabled before, so Enter does
    // nothing): a busy machine's gateway can take its time to draw one.
    await page.locator('img[data-captcha-id]').waitFor();
    await page.locator('#login-safe-code').press('Enter');
    await expect.poll(() => page.locator('#login-id-problem').textContent()).toContain('4 至 16');
    expect(await page.locator('#login-password-problem').textContent()).toContain('请输入密码');
  });

  it('warns when Caps Lock is on in the password', async () => {
    const { page } = journey();
    // Headless Chromium has no Caps Lock key state: the key event carries it, as a real keyboard's does.
    await page.locator('#login-password').dispatchEvent('keydown', { key: 'A', modifierCapsLock: true });
    await page.getByTestId('caps-lock-warning').waitFor();
    await page.locator('#login-password').dispatchEvent('keyup', { key: 'a', modifierCapsLock: false });
    await page.getByTestId('caps-lock-warning').waitFor({ state: 'detached' });
  });

  it("shows /oldLogin's layout at /oldLogin, the default layout at /login", async () => {
    const { page } = journey();
    const go = (path: string) => page.evaluate((hash) => (location.hash = hash), path);
    await go('/login');
    expect(await layoutOf(page)).toEqual({ layout: 'default', panels: 0 });
    await go('/oldLogin');
    await expect.poll(() => page.getByTestId('login-screen').getAttribute('data-layout')).toBe('old');
    expect(await layoutOf(page)).toEqual({ layout: 'old', panels: 1 });
    await go('/login');
    await expect.poll(() => page.getByTestId('login-screen').getAttribute('data-layout')).toBe('default');
    // The site's login style is read as the app starts: its own page, below.
  });

  it('keeps each refusal on the form until the next attempt (2218 with the attempts left, 2217 right after it, the lock after five), Tab goes captcha -> safe code -> submit', async () => {
    await e2e.gw.addAccount({ loginId: 'offE2E', parent: 'admin', level: 1, status: 4 }).catch(() => undefined);
    await e2e.gw.addAccount({ loginId: 'lockE2E', parent: 'admin', level: 1 }).catch(() => undefined);
    const { page } = journey();
    const errors = consoleErrors(page);
    const refusal = page.getByTestId('login-error');
    const captchaId = () => page.locator('img[data-captcha-id]').getAttribute('data-captcha-id');
    const attempt = async (loginId: string, password: string) => {
      const before = await captchaId();
      await signIn(page, e2e.gw, loginId, password);
      await expect.poll(captchaId).not.toBe(before);
    };

    await attempt('admin', 'Wrong1234');
    await expect.poll(() => refusal.textContent()).toBe('用户名或密码错误再失败 4 次，此账号将被锁定 15 分钟。');
    await expect.poll(() => refusal.getAttribute('role')).toBe('alert');
    expect(page.url()).toMatch(/#\/login$/);
    // Within the 4 s an error toast lasts, the next refusal shows all the same.
    await attempt('offE2E', 'Admin123');
    await expect.poll(() => refusal.getAttribute('data-code')).toBe('2217');
    await expect.poll(() => refusal.textContent()).toBe('账号已被禁用，请联系客服');

    for (let i = 1; i <= 4; i++) {
      await attempt('lockE2E', 'Wrong1234');
      await expect.poll(() => refusal.textContent()).toContain(`再失败 ${5 - i} 次`);
    }
    await attempt('lockE2E', 'Wrong1234');
    await expect.poll(() => refusal.textContent()).toContain('已被锁定 15 分钟，上级账号可为您解锁');
    await attempt('lockE2E', 'Admin123');
    await expect.poll(() => refusal.getAttribute('data-code')).toBe('2632');
    await expect.poll(() => refusal.textContent()).toBe('此账号因连续 5 次登录失败已被锁定，请 15 分钟后再试，或请上级账号解锁。');
    expect(await refusal.textContent()).not.toContain('频繁');
    // The refusal stays while the form is filled again, and goes with the next attempt.
    await page.locator('#login-id').fill('admin');
    expect(await refusal.count()).toBe(1);

    // Tab from the captcha goes to the safe code, then to the submit button; Alt+R refreshes the captcha.
    await page.locator('#login-captcha').focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('login-safe-code');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => (document.activeElement as HTMLButtonElement | null)?.type)).toBe('submit');
    const shown = await captchaId();
    await page.locator('#login-captcha').press('Alt+r');
    await expect.poll(captchaId).not.toBe(shown);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('login-captcha');

    // The next step signs in with this form.
    await e2e.gw.db.run(sql`DELETE FROM attempt_counters WHERE login_key = 'locke2e'`);
    expect(errors).toEqual([]);
  });

  it('signs in as the demo company and lands on the notices with the top bar filled in', async () => {
    const { page } = journey();
    await page.getByTestId('login-screen').waitFor();
    expect(page.url()).toMatch(/#\/login$/);
    await signIn(page, e2e.gw, 'admin');
    await page.getByTestId('notice-screen').waitFor();
    expect(page.url()).toMatch(/#\/notice$/);
    await expect.poll(() => page.getByTestId('notice-item').count()).toBe(2);
    expect(await page.getByTestId('user-name').textContent()).toContain('admin');
    expect(await page.getByTestId('points').textContent()).toContain('4,000,000.00');
    expect(await page.getByTestId('commission-rate').textContent()).toBe('100%');
    expect(await page.getByTestId('wash-code-ratio').textContent()).toBe('1.2%');
    expect(await page.getByTestId('clock').textContent()).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(await page.getByTestId('notice-marquee').textContent()).toContain('欢迎使用信用代理后台');
  });

  it('forces the password change before anything else, refuses one known from breaches, then signs in with a new passphrase', async () => {
    await e2e.gw.addAccount({ loginId: 'forcedE2E', parent: 'admin', level: 1, forcePwdUpdate: true }).catch(() => undefined);
    const { page } = journey();
    await signOut(page);
    await signIn(page, e2e.gw, 'forcedE2E');
    await page.getByTestId('forced-password-screen').waitFor();
    expect(page.url()).toMatch(/#\/changePass\/index$/);
    await page.goto(`${e2e.gw.url}/#/notice`);
    await page.getByTestId('forced-password-screen').waitFor();
    expect(page.url()).toMatch(/#\/changePass\/index$/);
    await page.locator('#new-password').fill('Better_123');
    await page.locator('#confirm-password').fill('Better_124');
    await page.locator('#confirm-password').press('Enter');
    await page.getByText('两次输入的密码不一致').waitFor();
    // One known from breaches passes the form's rules and is refused by the gateway, on its field.
    await page.locator('#new-password').fill('Password1');
    await page.locator('#confirm-password').fill('Password1');
    await page.locator('#confirm-password').press('Enter');
    await page.getByText('此密码已在数据泄露中公开，请换一个').waitFor();
    // A passphrase: long, any characters, no composition rule; the sign-in takes it.
    const passphrase = 'better days are coming soon';
    await page.locator('#new-password').fill(passphrase);
    await page.locator('#confirm-password').fill(passphrase);
    await page.locator('#confirm-password').press('Enter');
    await page.getByTestId('login-reason').waitFor();
    await signIn(page, e2e.gw, 'forcedE2E', passphrase);
    await page.getByTestId('notice-screen').waitFor();
  });
});

describe.runIf(e2e.run)('the login as the app starts in Chromium: site settings, a blocked address', () => {
  it('starts on the old layout at /login for a site whose login style is old, hides the captcha field when the site asks none, and signs in without one', async () => {
    // The phone's login without a captcha: a step of the phone's journey (mobile.e2e.test.ts).
    await e2e.gw.db.run(sql`UPDATE sites SET login_style = 'old', captcha_required = false WHERE id = 'demo'`);
    try {
      const page = await openApp(e2e.browser, e2e.gw, { path: '/login' });
      expect(await layoutOf(page)).toEqual({ layout: 'old', panels: 1 });
      await page.locator('#login-safe-code').waitFor();
      expect(await page.locator('#login-captcha').count()).toBe(0);
      expect(await page.locator('img[data-captcha-id]').count()).toBe(0);
      await page.locator('#login-id').fill('ma01');
      await page.locator('#login-password').fill('Admin123');
      await page.locator('#login-safe-code').fill('1234');
      await page.locator('#login-safe-code').press('Enter');
      await page.getByTestId('notice-screen').waitFor();
      await closeApp(page);
    } finally {
      await e2e.gw.db.run(sql`UPDATE sites SET login_style = 'default', captcha_required = true WHERE id = 'demo'`);
    }
  });

  it('shows the IP-blocked screen with the IP and region', async () => {
    await blockLocalhost(e2e.gw);
    const page = await openApp(e2e.browser, e2e.gw);
    await page.getByTestId('ip-blocked-screen').waitFor();
    expect(await page.getByTestId('blocked-ip').textContent()).toBe('127.0.0.1');
    expect((await page.getByTestId('blocked-region').textContent())?.length).toBeGreaterThan(0);
    await closeApp(page);
  });
});

describe.runIf(e2e.run)('a login left open in Chromium on a clock of its own: the maintenance window, the captcha kept fresh', () => {
  const journey = useJourney(e2e, async () => {
    const page = await (await e2e.browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    watchConsole(page);
    await page.clock.install();
    await page.goto(`${e2e.gw.url}/#/login`);
    return { page, close: () => closeApp(page) };
  });

  it('fetches a fresh captcha before the shown one expires, so a code typed after a long idle time signs in', async () => {
    const { page } = journey();
    const image = page.locator('img[data-captcha-id]');
    await image.waitFor();
    const first = await image.getAttribute('data-captcha-id');
    await page.locator('#login-captcha').fill('abcd');

    await page.clock.fastForward(100_000);
    expect(await image.getAttribute('data-captcha-id')).toBe(first);
    await page.clock.fastForward(10_000);
    await expect.poll(() => image.getAttribute('data-captcha-id')).not.toBe(first);
    expect(await page.locator('#login-captcha').inputValue()).toBe('');

    // The first captcha is past its 2 minutes by now, as far as the gateway is concerned.
    await e2e.gw.db.run(sql`UPDATE captchas SET expires_at = now() - interval '1 second' WHERE id = ${first}`);
    await signIn(page, e2e.gw, 'ma01');
    await page.getByTestId('notice-screen').waitFor();
  });

  // After the captcha's step: the page's clock runs ahead of the gateway's from here, which would
  // bring a captcha's refresh forward.
  it('sends the signed-in agent to the maintenance screen with Beijing times at its next check, and back when the window ends', async () => {
    const { page } = journey();
    await page.getByTestId('notice-screen').waitFor();
    await setMaintenance(e2e.gw, true);
    // The site checks its maintenance window every 10 s, signed in or not.
    await page.clock.fastForward(10_000);
    await page.getByTestId('maintenance-screen').waitFor();
    expect(await page.getByTestId('maintenance-start').textContent()).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    await setMaintenance(e2e.gw, false);
    await page.clock.fastForward(10_000);
    await page.getByTestId('notice-screen').waitFor();
  });
});

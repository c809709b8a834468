import { sql } from '../../server/kernel/db/sql';
import type { Browser, BrowserContext, BrowserContextOptions, ConsoleMessage, Page } from 'playwright-core';
import { TOKEN_COOKIE } from '../../src/lib/session-cookies';
import { parkingPath } from './browser';
import type { TestGateway } from './test-gateway';

/** A cookie as a browser context holds it. */
export type Cookie = Awaited<ReturnType<BrowserContext['cookies']>>[number];

export interface OpenAppOptions {
  width?: number;
  height?: number;
  path?: string;
  /** The browser's own time zone (IANA name); the machine's by default. */
  timezoneId?: string;
  /** Another origin of the same gateway, e.g. http://office.test:<port> mapped to 127.0.0.1. */
  origin?: string;
  /** The page's clock is Playwright's (it flows, and a test may jump it with page.clock.fastForward). */
  clock?: boolean;
  /** Console errors the test causes on purpose (the gateway made unreachable...). */
  expectedConsoleErrors?: RegExp;
  /**
   * Below 992 px the desktop address sends a browser to the phone entry (/m/) unless the user
   * picked the desktop version: tests of the narrow desktop pick it, unless they ask for the phone.
   */
  mobile?: boolean;
  /** Cookies the context holds before the page loads (a kept session: keptSession). */
  cookies?: Cookie[];
}

/** What the "desktop version" choice leaves in the browser (src/lib/app-view.ts). */
export const pickDesktop = () => window.localStorage.setItem('credit-view', 'desktop');

interface WatchedPage {
  page: Page;
  errors: string[];
  expected?: RegExp | undefined;
  /** Errors one step of a journey causes on purpose, forgotten with that step's errors. */
  allowed?: RegExp | undefined;
  /** A journey's page, opened before its steps: watched until it is closed (keepWatching). */
  lasting?: boolean;
  closed?: boolean;
}

const watched: WatchedPage[] = [];

/**
 * Console errors of every page opened since the last call, less the expected ones, and the
 * pages forgotten: no screen may log an error (a CSP refusal, an uncaught exception...).
 * useAppInChromium asserts it after each test. A journey's page stays watched while it is
 * open, its errors taken at each call: each step answers for its own.
 */
export function takeUnexpectedConsoleErrors(): string[] {
  const found = watched.flatMap(({ errors, expected, allowed }) => errors.filter((text) => !expected?.test(text) && !allowed?.test(text)));
  const open = watched.filter((each) => each.lasting && !each.closed && !each.page.isClosed());
  watched.length = 0;
  for (const each of open) {
    each.errors.length = 0;
    each.allowed = undefined;
    watched.push(each);
  }
  return found;
}

/** The page stays watched across tests until it is closed: a journey's page, opened in beforeAll. */
export function keepWatching(page: Page): void {
  for (const each of watched) if (each.page === page) each.lasting = true;
}

/** Console errors the current test (a journey's step) causes on purpose on a lasting page. */
export function allowConsoleErrors(page: Page, allowed: RegExp): void {
  for (const each of watched) if (each.page === page) each.allowed = allowed;
}

// Opening a page in a new browser context costs Chromium about 2.5 s of CPU more on these
// machines than loading the app again in a page already open on its origin (a renderer process
// started, the app's code compiled cold). So a page closed with closeApp goes back to a pool,
// parked on the gateway's icon with its cookies and storage cleared, and the next page asked
// for with the same context options takes it. Only a clock or a time zone of its own needs a
// context of its own.
/** What a pooled page's context is made with, besides its viewport (set again at each use). */
export type PooledContextOptions = Pick<BrowserContextOptions, 'reducedMotion' | 'isMobile' | 'hasTouch'>;

const idlePages = new WeakMap<Browser, Page[]>();
/** The context options of each pooled page, as a key (the others are closed by closeApp). */
const poolKeys = new WeakMap<Page, string>();
/** How to stop watching a page's console, so that its next user's errors are its own. */
const unwatch = new WeakMap<Page, () => void>();

/**
 * A page parked at `origin` (on its icon: storage of that origin may be set before the app
 * loads), from the pool when one was made with the same context options, else in a new context.
 */
export async function pooledPage(
  browser: Browser,
  origin: string,
  viewport: { width: number; height: number },
  contextOptions: PooledContextOptions = {},
): Promise<Page> {
  const key = JSON.stringify(contextOptions);
  const wanted = new URL(origin).origin;
  const idle = (idlePages.get(browser) ?? []).filter((page) => !page.isClosed());
  const index = idle.findIndex((page) => poolKeys.get(page) === key && new URL(page.url()).origin === wanted);
  const [reused] = index >= 0 ? idle.splice(index, 1) : [];
  idlePages.set(browser, idle);
  if (reused) {
    await reused.setViewportSize(viewport);
    return reused;
  }
  const page = await (await browser.newContext({ ...contextOptions, viewport })).newPage();
  poolKeys.set(page, key);
  await page.goto(`${wanted}${parkingPath}`);
  return page;
}

export async function openApp(browser: Browser, gw: TestGateway, options: OpenAppOptions = {}): Promise<Page> {
  const viewport = { width: options.width ?? 1280, height: options.height ?? 800 };
  const origin = options.origin ?? gw.url;
  const narrowDesktop = viewport.width < 992 && !options.mobile;
  // The app's reduced-motion styles (src/styles/globals.css) end its transitions and animations
  // at once, so clicks need not wait for a dialog or a sheet to settle. The phone's and the
  // accessibility tests see the motion as it ships.
  const reducedMotion = 'reduce';
  let page: Page;
  if (options.clock || options.timezoneId) {
    const context = await browser.newContext({
      viewport,
      reducedMotion,
      ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
    });
    if (narrowDesktop) await context.addInitScript(pickDesktop);
    page = await context.newPage();
  } else {
    page = await pooledPage(browser, origin, viewport, { reducedMotion });
    if (narrowDesktop) await page.evaluate(pickDesktop);
  }
  if (options.cookies) await page.context().addCookies(options.cookies);
  watchConsole(page, options.expectedConsoleErrors);
  if (options.clock) await page.clock.install();
  await page.goto(`${origin}/#${options.path ?? '/login'}`);
  return page;
}

/** The page's console errors, less the expected ones, are asserted after the test (useAppInChromium). */
export function watchConsole(page: Page, expected?: RegExp): void {
  watched.push({ page, errors: consoleErrors(page), expected });
}

/**
 * Ends a page as closing its window would: a pooled page is parked for a later one (its routes
 * removed, cookies and storage cleared); any other page's context is closed. A page whose clock
 * a test installed is never reused.
 */
export async function closeApp(page: Page): Promise<void> {
  for (const each of watched) if (each.page === page) each.closed = true;
  const browser = page.context().browser();
  if (!browser || !poolKeys.has(page) || page.isClosed()) return page.context().close();
  try {
    unwatch.get(page)?.();
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await page.goto(`${new URL(page.url()).origin}${parkingPath}`);
    if (await page.evaluate(() => '__pwClock' in window)) throw new Error('a fake clock stays on its page');
    await page.context().clearCookies();
    await page.evaluate(() => {
      window.localStorage.clear();
      window.sessionStorage.clear();
    });
  } catch {
    return page.context().close();
  }
  idlePages.set(browser, [...(idlePages.get(browser) ?? []), page]);
}

/** Console errors and uncaught exceptions of a page from now on (a CSP refusal is one), as they come. */
export function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  const onConsole = (message: ConsoleMessage) => {
    if (message.type() === 'error') errors.push(message.text());
  };
  const onPageError = (error: Error) => errors.push(error.message);
  page.on('console', onConsole);
  page.on('pageerror', onPageError);
  const before = unwatch.get(page);
  unwatch.set(page, () => {
    before?.();
    page.off('console', onConsole);
    page.off('pageerror', onPageError);
  });
  return errors;
}

/** The code of the captcha the page shows, read from the database as a person reads the image. */
export async function captchaCodeShown(page: Page, gw: TestGateway): Promise<string> {
  const image = page.locator('img[data-captcha-id]');
  await image.waitFor();
  const captchaId = await image.getAttribute('data-captcha-id');
  const row = await gw.db.one<{ code: string }>(sql`SELECT code FROM captchas WHERE id = ${captchaId}`);
  if (!row) throw new Error(`captcha ${captchaId} not in the database`);
  return row.code;
}

/** Fills the login form by keyboard and submits it with Enter. */
export async function signIn(page: Page, gw: TestGateway, loginId: string, password = 'Admin123', safeCode = '1234'): Promise<void> {
  await page.locator('#login-id').fill(loginId);
  await page.locator('#login-password').fill(password);
  await page.locator('#login-captcha').fill(await captchaCodeShown(page, gw));
  await page.locator('#login-safe-code').fill(safeCode);
  await page.locator('#login-safe-code').press('Enter');
}

/** Logs out by the palette and its confirmation (a menu or dialog left open closed first), back to the login screen. */
export async function signOut(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await page.keyboard.press('Control+k');
  await page.getByRole('dialog').getByRole('combobox').waitFor();
  await page.keyboard.type('session.logout');
  await page.locator('[data-command-id="session.logout"][aria-selected="true"]').waitFor();
  await page.keyboard.press('Enter');
  await page.getByTestId('logout-confirm').click();
  await page.getByTestId('login-screen').waitFor();
}

// Signing in through the login screen (page, captcha, password hash, first screen) took about
// a third of an e2e file's time. Each login signs in by hand once per file; later tests get its
// cookies, as a browser that stayed signed in, while the gateway still takes that session.
const keptSessions = new WeakMap<TestGateway, Map<string, Cookie[]>>();
const sessionKey = (origin: string, loginId: string) => `${origin} ${loginId.toLowerCase()}`;

/** Keeps the cookies of a page just signed in by hand as loginId, for the file's later tests (keptSession). */
export async function keepSession(page: Page, gw: TestGateway, loginId: string): Promise<void> {
  const origin = new URL(page.url()).origin;
  let kept = keptSessions.get(gw);
  if (!kept) keptSessions.set(gw, (kept = new Map()));
  kept.set(sessionKey(origin, loginId), await page.context().cookies(origin));
}

/**
 * The cookies kept from this file's sign-in of loginId at origin, if the gateway still takes the
 * session: one logged out, kicked out, ended by a password change or a freeze is forgotten.
 */
export async function keptSession(gw: TestGateway, loginId: string, origin = gw.url): Promise<Cookie[] | undefined> {
  const kept = keptSessions.get(gw);
  const cookies = kept?.get(sessionKey(origin, loginId));
  const token = cookies?.find((cookie) => cookie.name === TOKEN_COOKIE)?.value;
  if (!cookies || !token) return undefined;
  const answer = await gw.call('gw.credit.user.profile', { opsId: token }, { host: new URL(origin).host });
  if (!answer.error) return cookies;
  kept!.delete(sessionKey(origin, loginId));
  return undefined;
}

/**
 * The app opened signed in as loginId, on its first screen (the notices, or `firstScreen`'s
 * test id): through the login screen the first time in a file, with the kept session after.
 */
export async function openSignedIn(
  browser: Browser,
  gw: TestGateway,
  loginId: string,
  options: OpenAppOptions & { firstScreen?: string } = {},
): Promise<Page> {
  const { firstScreen = 'notice-screen', ...open } = options;
  const cookies = await keptSession(gw, loginId, open.origin);
  const page = await openApp(browser, gw, cookies ? { ...open, cookies } : open);
  if (!cookies) await signIn(page, gw, loginId);
  await page.getByTestId(firstScreen).waitFor();
  if (!cookies) await keepSession(page, gw, loginId);
  return page;
}

export async function resetSite(gw: TestGateway): Promise<void> {
  await gw.db.run(sql`UPDATE sites SET maintenance_start = NULL, maintenance_end = NULL, idle_timeout_seconds = 1800`);
  await gw.db.run(sql`DELETE FROM site_ip_rules`);
  await gw.db.run(sql`DELETE FROM attempt_counters`);
}

export async function setMaintenance(gw: TestGateway, on: boolean): Promise<void> {
  const now = Date.now();
  if (on) {
    await gw.db.run(
      sql`UPDATE sites SET maintenance_start = ${new Date(now - 60_000)}, maintenance_end = ${new Date(now + 3_600_000)} WHERE id = 'demo'`,
    );
  } else {
    await gw.db.run(sql`UPDATE sites SET maintenance_start = NULL, maintenance_end = NULL WHERE id = 'demo'`);
  }
}

export async function blockLocalhost(gw: TestGateway): Promise<void> {
  await gw.db.run(sql`INSERT INTO site_ip_rules (site_id, kind, network, note) VALUES ('demo', 'block', '127.0.0.0/8', 'e2e')`);
}

/** The tab hidden or shown as a browser does when another tab is picked: what the page's `visibilitychange` listeners see. */
export function setTabHidden(page: Page, hidden: boolean): Promise<void> {
  // A string, not a function: under tsx (the paths tool) a function's inner named functions call a
  // `__name` helper that the page does not have.
  return page.evaluate(`(() => {
    const hidden = ${JSON.stringify(hidden)};
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (hidden ? 'hidden' : 'visible') });
    document.dispatchEvent(new Event('visibilitychange'));
  })()`);
}

import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { countPageLoad } from './run-counters';

// Debian's old headless shell (package chromium-headless-shell): the same Blink as the full
// browser without its windowing and UI layers, as Playwright itself runs headless Chromium; it
// takes about a fifth less CPU per page here. The full browser serves where only it is installed.
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const FULL_CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM = existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_CHROMIUM;

/**
 * End-to-end tests need Debian's Chromium. In CI a missing headless shell is an error; elsewhere
 * the tests are skipped with a loud message, so a developer without either still runs the rest.
 */
export function browserAvailable(): boolean {
  if (process.env.CI && !existsSync(HEADLESS_SHELL)) {
    throw new Error(`${HEADLESS_SHELL} is missing: CI must install Debian's chromium-headless-shell (see .ci/run)`);
  }
  if (existsSync(CHROMIUM)) return true;
  console.warn(`\n*** END-TO-END TESTS SKIPPED: no Chromium (apt-get install -y chromium-headless-shell) ***\n`);
  return false;
}

/** Debian's Chromium with the flags that run it here (no sandbox, no GPU, no background network), plus any given (e.g. --host-resolver-rules). */
export async function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...extraArgs,
    ],
  });
  countLoadsOfPages(browser);
  return browser;
}

/** The icon a parked page of the pool shows (tests/support/app-page.ts): a same-origin file, so that the next load keeps its renderer and compiled code. */
export const parkingPath = '/app-icon.svg';

/** Every document a page of this browser loads counts in the time table (tests/support/run-counters.ts). */
function countLoadsOfPages(browser: Browser): void {
  const watch = (page: Page) =>
    page.on('domcontentloaded', () => {
      if (!page.url().endsWith(parkingPath)) countPageLoad();
    });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args: Parameters<Browser['newContext']>): Promise<BrowserContext> => {
    const context = await newContext(...args);
    context.on('page', watch);
    return context;
  };
}

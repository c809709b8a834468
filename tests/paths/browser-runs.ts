import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../support/browser';
import type { TestGateway } from '../support/test-gateway';
import type { Product } from './product';

/** How long the screen may take to show a step (a gateway round trip, a list refreshed, a dialog opening). */
export const SCREEN_WAIT_MS = 5_000;

/** The embedded product's gateway: a browser path signs in and sets up its world through its database. */
export function embeddedOnly(product: Product, what: string): TestGateway {
  if (!product.embedded) throw new Error(`${what} is set up through the embedded product's database: run without --base`);
  return product.embedded;
}

/** The Chromium a runner's paths share: the product's (an end-to-end file's), else one started on first use and closed by `close`. */
export function sharedBrowser(product: Product) {
  let browser: Promise<Browser> | undefined;
  return {
    get: () => (browser ??= product.browser ? Promise.resolve(product.browser) : launchChromium()),
    async close() {
      if (!product.browser) await (await browser)?.close();
    },
  };
}

/** Reads the screen until it shows what the step expects or the wait runs out (the screen settles after a click); the last reading. */
export async function readUntilShown(page: Page, expected: string, read: () => Promise<string>, waitMs = SCREEN_WAIT_MS): Promise<string> {
  const until = Date.now() + waitMs;
  let seen = await read();
  while (seen !== expected && Date.now() < until) {
    await page.waitForTimeout(100);
    seen = await read();
  }
  return seen;
}

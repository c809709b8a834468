import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { keepWatching, resetSite, takeUnexpectedConsoleErrors } from './app-page';
import { browserAvailable, launchChromium } from './browser';
import { startTestGateway, type TestGateway } from './test-gateway';
import { ensureWebBuild } from './web-build';

export interface AppInChromium {
  /** False when Chromium is missing outside CI: the file's tests are skipped (loudly). */
  run: boolean;
  gw: TestGateway;
  browser: Browser;
}

// One Chromium per worker and set of flags, kept on globalThis: the e2e project reuses its
// workers (isolate: false), so later files skip the start (about a second of CPU each). A file
// still sees only its own pages: every page has a context of its own, closed after the file.
const key = Symbol.for('credit-office.chromium');
const worker = globalThis as typeof globalThis & { [key]?: Map<string, Promise<Browser>> };

function sharedChromium(args: string[] = []): Promise<Browser> {
  const browsers = (worker[key] ??= new Map<string, Promise<Browser>>());
  const flags = args.join(' ');
  let browser = browsers.get(flags);
  if (!browser) {
    browser = launchChromium(args);
    browsers.set(flags, browser);
    // A crashed or closed browser is started again by the next file.
    browser.then(
      (started) => started.on('disconnected', () => browsers.delete(flags)),
      () => browsers.delete(flags),
    );
  }
  return browser;
}

/**
 * One real gateway serving the built app, and the worker's Chromium, for an end-to-end test
 * file: started before its tests, closed after them (the browser's contexts only), with the
 * site reset before each test.
 */
export function useAppInChromium(options: { chromiumArgs?: string[] } = {}): AppInChromium {
  const e2e = { run: browserAvailable() } as AppInChromium;
  beforeAll(async () => {
    if (!e2e.run) return;
    // The gateway's database loads while a worker's first file starts Chromium.
    [e2e.gw, e2e.browser] = await Promise.all([
      ensureWebBuild().then((webRoot) => startTestGateway({ webRoot, realTime: true })),
      sharedChromium(options.chromiumArgs),
    ]);
  });
  afterAll(async () => {
    await Promise.all(e2e.browser?.contexts().map((context) => context.close()) ?? []);
    await e2e.gw?.close();
  });
  beforeEach(async () => {
    if (e2e.run) await resetSite(e2e.gw);
  });
  afterEach(() => {
    expect(takeUnexpectedConsoleErrors(), 'console errors of the pages this test opened').toEqual([]);
  });
  return e2e;
}

/**
 * The page of a journey (a describe whose tests are its steps, run in order): opened once before
 * the first step, closed after the last. Its console errors are asserted after each step, as a
 * test's, and after it closes. Call inside the describe; the steps read the page from the answer.
 */
export function useJourney<T extends { page: Page; close(): Promise<void> }>(e2e: AppInChromium, open: () => Promise<T>): () => T {
  let opened: T | undefined;
  beforeAll(async () => {
    if (!e2e.run) return;
    // What the file's previous test left (a maintenance window, an IP block) must not stop the sign-in.
    await resetSite(e2e.gw);
    opened = await open();
    keepWatching(opened.page);
  });
  afterAll(async () => {
    if (!opened) return;
    await opened.close();
    expect(takeUnexpectedConsoleErrors(), "console errors of the journey's page").toEqual([]);
  });
  return () => {
    if (!opened) throw new Error("the journey's page did not open");
    return opened;
  };
}

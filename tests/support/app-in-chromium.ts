import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { resetSite, takeUnexpectedConsoleErrors } from './app-page';
import { browserAvailable, launchChromium } from './browser';
import { startTestGateway, type TestGateway } from './test-gateway';
import { ensureWebBuild } from './web-build';

export interface AppInChromium {
  /** False when Chromium is missing outside CI: the file's tests are skipped (loudly). */
  run: boolean;
  gw: TestGateway;
  browser: Browser;
}

/**
 * One real gateway serving the built app, and one Chromium, for an end-to-end test file:
 * started before its tests, closed after them, with the site reset before each test.
 */
export function useAppInChromium(options: { chromiumArgs?: string[] } = {}): AppInChromium {
  const e2e = { run: browserAvailable() } as AppInChromium;
  beforeAll(async () => {
    if (!e2e.run) return;
    e2e.gw = await startTestGateway({ webRoot: await ensureWebBuild(), realTime: true });
    e2e.browser = await launchChromium(options.chromiumArgs);
  });
  afterAll(async () => {
    await e2e.browser?.close();
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

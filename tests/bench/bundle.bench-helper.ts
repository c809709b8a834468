import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { webRoot } from '../../server/web-build';
import { launchChromium } from '../support/browser';
import { makeTempDir, startServer } from './server-process.bench-helper';

export interface LoadedAssets {
  jsKiB: number;
  cssKiB: number;
  files: number;
  /** Whether any of the files carries the rich-text editor (ProseMirror, under tiptap). */
  editor: boolean;
}

/** Gzipped size of the built files the page loaded (from dist/web, gzip level 9 as build tools report). */
function sizes(urls: Set<string>): LoadedAssets {
  let js = 0;
  let css = 0;
  let editor = false;
  for (const url of urls) {
    const path = new URL(url).pathname;
    const file = readFileSync(join(webRoot, path));
    const bytes = gzipSync(file, { level: 9 }).length;
    if (path.endsWith('.js')) js += bytes;
    else css += bytes;
    if (path.endsWith('.js') && file.includes('ProseMirror-hideselection')) editor = true;
  }
  return { jsKiB: js / 1024, cssKiB: css / 1024, files: urls.size, editor };
}

function collect(page: Page): Set<string> {
  const urls = new Set<string>();
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if ((type === 'script' || type === 'stylesheet') && response.url().includes('/assets/')) urls.add(response.url());
  });
  return urls;
}

/**
 * What the login screen loads, and everything loaded once the first screen after sign-in
 * (the notices) is shown: production build, real server, Chromium.
 */
export async function measureBundles(): Promise<{
  login: LoadedAssets;
  mobileLogin: LoadedAssets;
  afterSignIn: LoadedAssets;
  noticeEditor: LoadedAssets;
  foreignRequests: string[];
}> {
  // Sign-in needs the captcha's code, which only the server's own database holds: the bench signs in without it.
  const server = await startServer({ dataDir: makeTempDir(), env: { CAPTCHA: 'off' } });
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    const urls = collect(page);
    const foreign: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(server.url) && !request.url().startsWith('data:')) foreign.push(request.url());
    });
    await page.goto(`${server.url}/#/login`);
    await page.getByTestId('login-screen').waitFor();
    await page.locator('img[data-captcha-id]').waitFor();
    await page.waitForLoadState('networkidle');
    const login = sizes(urls);
    await page.locator('#login-id').fill('admin');
    await page.locator('#login-password').fill('Admin123');
    await page.locator('#login-captcha').fill('skip');
    await page.locator('#login-safe-code').fill('1234');
    await page.locator('#login-safe-code').press('Enter');
    await page.getByTestId('notice-screen').waitFor();
    await page.waitForLoadState('networkidle');
    const afterSignIn = sizes(urls);
    await page.evaluate(() => (location.hash = '/oprateNotice/index'));
    await page.getByTestId('notice-editor').locator('[contenteditable="true"]').first().waitFor();
    await page.waitForLoadState('networkidle');
    const noticeEditor = sizes(urls);
    // The phone's entry, in a browser of its own (nothing cached): a phone opening /m/.
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const mobilePage = await phone.newPage();
    const mobileUrls = collect(mobilePage);
    await mobilePage.goto(`${server.url}/m/#/login`);
    await mobilePage.getByTestId('login-screen').waitFor();
    await mobilePage.locator('img[data-captcha-id]').waitFor();
    await mobilePage.waitForLoadState('networkidle');
    return { login, mobileLogin: sizes(mobileUrls), afterSignIn, noticeEditor, foreignRequests: foreign };
  } finally {
    await browser.close();
    await server.stop();
  }
}

import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { projectRoot, webRoot } from '../../server/cli/web-build';
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
  // Sign-in needs the captcha's code, which only the server's own database holds: the bench signs in
  // without it, and the login then shows no captcha field (the same code either way).
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
    await page.locator('#login-safe-code').waitFor();
    await page.waitForLoadState('networkidle');
    const login = sizes(urls);
    await page.locator('#login-id').fill('admin');
    await page.locator('#login-password').fill('Admin123');
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
    await mobilePage.locator('#login-safe-code').waitFor();
    await mobilePage.waitForLoadState('networkidle');
    return { login, mobileLogin: sizes(mobileUrls), afterSignIn, noticeEditor, foreignRequests: foreign };
  } finally {
    await browser.close();
    await server.stop();
  }
}

/**
 * The floor no login of this stack goes under: an empty app that only starts React, one xstate
 * actor read through @xstate/react, and i18next with react-i18next (no texts), built by vite as
 * the app is. Everything of ours (the form, the session machine, ky, the router) comes on top.
 */
export async function measureStackFloor(): Promise<number> {
  const { build } = await import('vite');
  // Inside the project, so the entry resolves the project's node_modules.
  const root = join(projectRoot, 'tests', '.artifacts', 'stack-floor');
  rmSync(root, { recursive: true, force: true });
  mkdirSync(root, { recursive: true });
  writeFileSync(join(root, 'index.html'), '<!doctype html><div id="root"></div><script type="module" src="./floor.js"></script>');
  writeFileSync(
    join(root, 'floor.js'),
    [
      "import { createElement } from 'react';",
      "import { createRoot } from 'react-dom/client';",
      "import { createActor, setup } from 'xstate';",
      "import { useSelector } from '@xstate/react';",
      "import i18next from 'i18next';",
      "import { initReactI18next, useTranslation } from 'react-i18next';",
      "const actor = createActor(setup({}).createMachine({ initial: 'idle', states: { idle: {} } })).start();",
      "i18next.use(initReactI18next).init({ lng: 'zh', resources: {} });",
      'function App() {',
      '  const { t } = useTranslation();',
      '  return createElement("p", null, t("app.title"), String(useSelector(actor, (state) => state.value)));',
      '}',
      "createRoot(document.getElementById('root')).render(createElement(App));",
    ].join('\n'),
  );
  await build({ root, configFile: false, logLevel: 'silent', build: { outDir: join(root, 'dist'), emptyOutDir: true } });
  const assets = join(root, 'dist', 'assets');
  let bytes = 0;
  for (const file of readdirSync(assets))
    if (file.endsWith('.js')) bytes += gzipSync(readFileSync(join(assets, file)), { level: 9 }).length;
  return bytes / 1024;
}

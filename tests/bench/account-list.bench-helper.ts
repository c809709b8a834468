import type { AddressInfo } from 'node:net';
import { systemClock } from '../../server/kernel/clock';
import { openDatabase, type Database } from '../../server/kernel/db/database';
import { migrate } from '../../server/kernel/db/migrate';
import { buildApp } from '../../server/gateway/http/app';
import { seedDemo } from '../../server/seed/demo.seed';
import { seedMembers } from '../../server/seed/large-tree.seed';
import { webRoot } from '../../server/cli/web-build';
import { sealStoredSecrets } from '../../server/kernel/stored-secrets';
import { useTestSecretsKey } from '../support/secrets-key';
import { launchChromium } from '../support/browser';
import { benchApp, benchSession, percentile, timeGatewayCall } from './gateway-timing.bench-helper';

export const BIG_TREE_MEMBERS = 100_000;
const AGENT = 'ag01010101';
const RUNS = 30;

export interface ListTiming {
  sort: string;
  p50: number;
  p99: number;
}

export interface ScrollResult {
  frames: number;
  maxFrameMs: number;
  p95FrameMs: number;
  maxDomRows: number;
  rowsLoaded: number;
}

/** A database with the demo sites and an agent holding 100,000 members. */
export async function bigTreeDatabase(target: { kind: 'pglite' } | { kind: 'postgres'; url: string }): Promise<Database> {
  const db = target.kind === 'pglite' ? await openDatabase({ kind: 'pglite' }) : await openDatabase({ kind: 'postgres', url: target.url });
  await migrate(db);
  await seedDemo(db, systemClock.now());
  await seedMembers(db, { siteId: 'demo', agentLoginId: AGENT, count: BIG_TREE_MEMBERS, now: systemClock.now() });
  return db;
}

/** Server time of the first page (100 rows) of the agent's member list, per sort. */
export async function timeFirstPage(db: Database): Promise<ListTiming[]> {
  const app = await benchApp(db);
  const opsId = await benchSession(db, AGENT);
  const check = (result?: { total: number; list: unknown[] }) => result?.list.length === 100 && result.total >= BIG_TREE_MEMBERS;
  const timings: ListTiming[] = [];
  for (const sort of ['createdAt', 'loginId', 'balance', 'lastLoginAt']) {
    const times = await timeGatewayCall(app, { method: 'gw.credit.user.query', params: { opsId, sort, pageSize: 100 }, check }, RUNS, 3);
    timings.push({ sort, p50: percentile(times, 50), p99: percentile(times, 99) });
  }
  await app.close();
  return timings;
}

/** Frame times while the 100,000-row table scrolls in Chromium, and how many rows are in the page. */
export async function scrollBigTable(db: Database): Promise<ScrollResult> {
  useTestSecretsKey();
  await sealStoredSecrets(db);
  const app = await buildApp({
    db,
    clock: systemClock,
    config: { trustProxy: false, logLevel: 'silent', captcha: false, loginIpLimit: 50 },
    webRoot,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${url}/#/login`);
    await page.locator('#login-id').fill(AGENT);
    await page.locator('#login-password').fill('Admin123');
    await page.locator('#login-captcha').fill('skip');
    await page.locator('#login-safe-code').fill('1234');
    await page.locator('#login-safe-code').press('Enter');
    await page.getByTestId('notice-screen').waitFor();
    await page.goto(`${url}/#/account/index`);
    await page.getByTestId('account-row').first().waitFor();
    // Scrolls a screenful every frame for 4 s, recording each frame's duration and the rows in
    // the page. Given as text: the bench runs through tsx, whose helpers do not exist in the page.
    return (await page.evaluate(`(async () => {
      const scroller = document.querySelector('[data-testid=account-rows]');
      const frames = [];
      let maxDomRows = 0;
      let last = performance.now();
      const end = last + 4000;
      await new Promise((resolve) => {
        const step = (now) => {
          frames.push(now - last);
          last = now;
          scroller.scrollTop += scroller.clientHeight;
          maxDomRows = Math.max(maxDomRows, document.querySelectorAll('[data-testid=account-row]').length);
          if (now < end) requestAnimationFrame(step);
          else resolve();
        };
        requestAnimationFrame(step);
      });
      frames.shift();
      const sorted = [...frames].sort((a, b) => a - b);
      return {
        frames: frames.length,
        maxFrameMs: sorted[sorted.length - 1] || 0,
        p95FrameMs: sorted[Math.floor(sorted.length * 0.95)] || 0,
        maxDomRows,
        rowsLoaded: Math.round(scroller.scrollHeight / 44),
      };
    })()`)) as ScrollResult;
  } finally {
    await browser.close();
    await app.close();
  }
}

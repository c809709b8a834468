import { sql } from '../../server/kernel/db/sql';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import zh from '../../locales/zh/common.json' with { type: 'json' };
import zhErrors from '../../locales/zh/errors.json' with { type: 'json' };
import { blockLocalhost, closeApp, openApp, resetSite, setMaintenance, signIn } from '../support/app-page';
import { INACTIVITY_EVENT, MODEL_LOGINS, MODEL_NEW_PASSWORD, pathName, sessionTestModel, type ModelEvent } from '../paths/session.model';
import { useAppInChromium } from '../support/app-in-chromium';
import { MAINTENANCE_POLL_MS } from '../../machines/session.machine';

const e2e = useAppInChromium();
/** The site's inactivity timeout (seconds) on paths that take it: the page's clock jumps over it. */
const IDLE_SECONDS = 600;
/** The maintenance poll runs every 10 s: a path that changes the window runs on the page's clock and jumps to the next check. */
const POLL_WAIT_MS = 15_000;

const paths = sessionTestModel.getShortestPaths();

/**
 * Every shortest path of the hand-written session model (tests/support/session-model.ts), driven
 * through the real built app and gateway: user events become clicks and keys, the world's events
 * become database set-ups (site mode, maintenance window, accounts) or waiting (the idle timeout),
 * and every screen of a path is checked on screen.
 */
describe.runIf(e2e.run)('session machine paths through the real app', () => {
  for (const path of paths) {
    it(pathName(path), { timeout: 90_000 }, async () => {
      await resetSite(e2e.gw);
      // The account that must change its password starts each path with the demo password and the flag set.
      const reset = await e2e.gw.db.run(sql`UPDATE accounts a SET force_pwd_update = true, password_hash = p.password_hash
        FROM accounts p WHERE p.login_id = 'admin' AND p.site_id = a.site_id AND a.login_id = ${MODEL_LOGINS.forced}`);
      if (reset === 0) await e2e.gw.addAccount({ loginId: MODEL_LOGINS.forced, parent: 'admin', level: 1, forcePwdUpdate: true });
      const idles = path.steps.some((step) => step.event.type === INACTIVITY_EVENT);
      if (idles) await e2e.gw.db.run(sql`UPDATE sites SET idle_timeout_seconds = ${IDLE_SECONDS} WHERE id = 'demo'`);
      // A page with a clock of its own costs a browser context: only the paths that wait on time get one.
      const polls = path.steps.some((step) => step.event.type === 'MAINTENANCE.CHECKED');
      let page: Page | undefined;
      const current = () => {
        if (!page) throw new Error('the page is not open yet');
        return page;
      };
      const visible = (testId: string, timeout = 10_000) => current().getByTestId(testId).waitFor({ timeout });

      try {
        await path.test({
          events: {
            'SITE.LOADED': async (step) => {
              const { mode } = step.event as Extract<ModelEvent, { type: 'SITE.LOADED' }>;
              if (mode === 'blocked') await blockLocalhost(e2e.gw);
              if (mode === 'maintenance') await setMaintenance(e2e.gw, true);
              page = await openApp(e2e.browser, e2e.gw, { clock: idles || polls });
            },
            'LOGIN.SUBMIT': async (step) => {
              const { loginId } = (step.event as Extract<ModelEvent, { type: 'LOGIN.SUBMIT' }>).credentials;
              await signIn(current(), e2e.gw, loginId);
            },
            'CAPTCHA.REFRESH': async () => {
              await current().getByRole('button', { name: zh.login.refreshCaptcha }).click();
            },
            'PASSWORD.SUBMIT': async () => {
              await current().locator('#new-password').fill(MODEL_NEW_PASSWORD);
              await current().locator('#confirm-password').fill(MODEL_NEW_PASSWORD);
              await current().locator('#confirm-password').press('Enter');
            },
            'LOGOUT.REQUEST': async () => {
              await current().getByTestId('logout').click();
            },
            'LOGOUT.CONFIRM': async () => {
              await current().getByTestId('logout-confirm').click();
            },
            'LOGOUT.CANCEL': async () => {
              await current().keyboard.press('Escape');
            },
            'MAINTENANCE.CHECKED': async (step) => {
              await setMaintenance(e2e.gw, (step.event as Extract<ModelEvent, { type: 'MAINTENANCE.CHECKED' }>).maintenance.flag === 1);
              await current().clock.fastForward(MAINTENANCE_POLL_MS);
            },
            [INACTIVITY_EVENT]: async () => {
              await current().clock.fastForward((IDLE_SECONDS + 1) * 1000);
            },
          },
          states: {
            blocked: async () => {
              await visible('ip-blocked-screen');
              expect(await current().getByTestId('blocked-ip').textContent()).toBe('127.0.0.1');
            },
            maintenance: async () => {
              await visible('maintenance-screen', POLL_WAIT_MS);
            },
            'open.signedOut.ready': async (state) => {
              const { context } = state;
              await visible('login-screen');
              await current().locator('img[data-captcha-id]').waitFor();
              if (context.reason) {
                expect(await current().getByTestId('login-reason').textContent()).toBe(zh.login.reason[context.reason]);
              }
              if (context.error === 2218) {
                await current().getByRole('alert').filter({ hasText: zhErrors['2218'] }).first().waitFor();
              }
            },
            'open.signedIn.changingPassword.editing': async () => {
              await visible('forced-password-screen');
              expect(current().url()).toMatch(/#\/changePass\/index$/);
            },
            'open.signedIn.active': async (state) => {
              await visible('notice-screen', POLL_WAIT_MS);
              const loginId = state.context.loginId ?? '';
              expect(await current().getByTestId('user-name').textContent()).toContain(loginId);
            },
            'open.signedIn.confirmingLogout': async () => {
              await visible('logout-dialog');
            },
          },
        });
      } finally {
        if (page) await closeApp(page);
        await resetSite(e2e.gw);
      }
    });
  }
});

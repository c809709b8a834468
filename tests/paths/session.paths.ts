import { sql } from '../../server/kernel/db/sql';
import type { Page } from 'playwright-core';
import zh from '../../locales/zh/common.json' with { type: 'json' };
import zhErrors from '../../locales/zh/errors.json' with { type: 'json' };
import { blockLocalhost, closeApp, openApp, resetSite, setMaintenance, signIn } from '../support/app-page';
import type { TestGateway } from '../support/test-gateway';
import { embeddedOnly, sharedBrowser } from './browser-runs';
import { generatePaths, modelGraph, type MachinePaths, type Runner, type ToolPath, type ToolStep } from './path-model';
import type { Product } from './product';
import {
  eventName,
  INACTIVITY_EVENT,
  MODEL_LOGINS,
  MODEL_NEW_PASSWORD,
  sessionTestModel,
  stateKey,
  type ModelEvent,
  type ModelSnapshot,
} from './session.model';

/*
 * The session model (tests/paths/session.model.ts, written by hand from docs/product.md)
 * as the tool runs it. Through the gateway: signing in, changing the forced password, logging
 * out, and (on the embedded product) the site's maintenance and IP block; the confirmation
 * dialog and the inactivity timeout are the page's, so only --browser takes them. In Chromium:
 * the built app, the inactivity timeout skipped with the page's clock.
 */
type Snapshot = ModelSnapshot;
const names = {
  eventName,
  stateName: (snapshot: Snapshot) => stateKey(snapshot),
  shows: ({ context }: Snapshot) =>
    `user ${context.loginId ?? 'none'}; error ${context.error ?? 'none'}; reason ${context.reason ?? 'none'}`,
};
const showsOf = (screen: string, facts: string) => `screen ${screen}; ${facts}`;

/** The forced-password account starts each path with the demo password and the flag set; the site open. */
async function resetWorld(gw: TestGateway) {
  await resetSite(gw);
  const reset = await gw.db.run(sql`UPDATE accounts a SET force_pwd_update = true, password_hash = p.password_hash
    FROM accounts p WHERE p.login_id = 'admin' AND p.site_id = a.site_id AND a.login_id = ${MODEL_LOGINS.forced}`);
  if (reset === 0) await gw.addAccount({ loginId: MODEL_LOGINS.forced, parent: 'admin', level: 1, forcePwdUpdate: true });
}

function gatewayRunner(product: Product): Runner {
  return {
    async start() {
      if (product.embedded) await resetWorld(product.embedded);
      let token: string | null = null;
      let forced = false;
      const facts = { user: null as string | null, error: null as number | null, reason: null as string | null };
      const signedOut = (reason: string) => {
        Object.assign(facts, { user: null, reason });
        token = null;
      };
      return {
        async act(step) {
          const event = step.raw.event as ModelEvent;
          if (event.type === 'SITE.LOADED') {
            if (event.mode === 'blocked') await blockLocalhost(embeddedOnly(product, 'an IP block'));
            if (event.mode === 'maintenance') await setMaintenance(embeddedOnly(product, 'a maintenance window'), true);
          } else if (event.type === 'MAINTENANCE.CHECKED') {
            await setMaintenance(embeddedOnly(product, 'a maintenance window'), event.maintenance.flag === 1);
          } else if (event.type === 'LOGIN.SUBMIT') {
            const answer = await product.login(event.credentials.loginId);
            if (answer.error) Object.assign(facts, { error: answer.error.code, reason: null });
            else {
              const result = answer.result as { sessionId: string; forcePwdUpdate: string };
              token = result.sessionId;
              forced = result.forcePwdUpdate === '1';
              Object.assign(facts, { user: event.credentials.loginId, error: null, reason: null });
            }
          } else if (event.type === 'CAPTCHA.REFRESH') {
            const answer = await product.call('gw.credit.captcha.check', {});
            if (answer.error) throw new Error(`captcha.check: ${answer.error.code}`);
          } else if (event.type === 'PASSWORD.SUBMIT') {
            const answer = await product.call('gw.credit.user.password.force.update', {
              opsId: token,
              newPassword: MODEL_NEW_PASSWORD,
              confirmPassword: MODEL_NEW_PASSWORD,
            });
            if (answer.error) throw new Error(`password.force.update: ${answer.error.code} ${answer.error.message}`);
            signedOut('password-changed');
          } else if (event.type === 'LOGOUT.CONFIRM') {
            await product.call('gw.credit.agent.logout', { opsId: token });
            signedOut('logout');
          } else throw new Error(`${event.type} is the page's: run it with --browser`);
        },
        // The screen the app would show from what the gateway answers: the site, its maintenance, the session.
        async seen(step) {
          // Before the site is loaded the app shows nothing of its own.
          if (step.state === 'booting') return step.shows;
          const site = (await product.call('gw.credit.sn.template.get', {})).result as { isBlock?: boolean } | undefined;
          const maintenance = (await product.call('sn.agent.maintain', {})).result as { flag?: number } | undefined;
          let screen = 'open.signedOut.ready';
          if (site?.isBlock) screen = 'blocked';
          else if (maintenance?.flag === 1) screen = 'maintenance';
          else if (token) {
            const profile = await product.call('gw.credit.user.profile', { opsId: token });
            // 2202: no such session. A forced password leaves the session open to the change only.
            if (!profile.error) screen = 'open.signedIn.active';
            else if (profile.error.code !== 2202 && forced) screen = 'open.signedIn.changingPassword.editing';
          }
          return showsOf(screen, `user ${facts.user ?? 'none'}; error ${facts.error ?? 'none'}; reason ${facts.reason ?? 'none'}`);
        },
        // The site open again for whatever runs next on this product.
        close: async () => void (product.embedded && (await resetSite(product.embedded))),
      };
    },
  };
}

/** The site's inactivity timeout (seconds) on paths that take it: the page's clock jumps over it. */
const IDLE_SECONDS = 600;
/** The maintenance poll runs every 10 s: a change shows within that, plus a margin. */
const POLL_WAIT_MS = 15_000;

/** The built app in Chromium (the embedded product only: the world's events are set up in its database). */
function browserRunner(product: Product): Runner {
  const browsers = sharedBrowser(product);
  return {
    async start(path: ToolPath) {
      const gw = embeddedOnly(product, 'a browser path');
      await resetWorld(gw);
      const idles = path.steps.some((step) => step.raw.event.type === INACTIVITY_EVENT);
      if (idles) await gw.db.run(sql`UPDATE sites SET idle_timeout_seconds = ${IDLE_SECONDS} WHERE id = 'demo'`);
      let page: Page | undefined;
      const current = () => {
        if (!page) throw new Error('the page is not open yet');
        return page;
      };
      const visible = (testId: string, timeout = 10_000) => current().getByTestId(testId).waitFor({ timeout });
      const screens: Record<string, (state: Snapshot) => Promise<void>> = {
        blocked: async () => {
          await visible('ip-blocked-screen');
          const ip = await current().getByTestId('blocked-ip').textContent();
          if (ip !== '127.0.0.1') throw new Error(`blocked IP shown: ${ip}`);
        },
        maintenance: () => visible('maintenance-screen', POLL_WAIT_MS),
        'open.signedOut.ready': async ({ context }) => {
          await visible('login-screen', POLL_WAIT_MS);
          await current().locator('img[data-captcha-id]').waitFor();
          if (context.reason) {
            const reason = await current().getByTestId('login-reason').textContent();
            if (reason !== zh.login.reason[context.reason]) throw new Error(`reason shown: ${reason}`);
          }
          if (context.error === 2218) await current().getByRole('alert').filter({ hasText: zhErrors['2218'] }).first().waitFor();
        },
        'open.signedIn.changingPassword.editing': async () => {
          await visible('forced-password-screen');
          if (!/#\/changePass\/index$/.test(current().url())) throw new Error(`address: ${current().url()}`);
        },
        'open.signedIn.active': async ({ context }) => {
          await visible('notice-screen', POLL_WAIT_MS);
          const name = (await current().getByTestId('user-name').textContent()) ?? '';
          if (!name.includes(context.loginId ?? '')) throw new Error(`user shown: ${name}`);
        },
        'open.signedIn.confirmingLogout': () => visible('logout-dialog'),
      };
      return {
        async act(step: ToolStep) {
          const event = step.raw.event as ModelEvent;
          if (event.type === 'SITE.LOADED') {
            if (event.mode === 'blocked') await blockLocalhost(gw);
            if (event.mode === 'maintenance') await setMaintenance(gw, true);
            page = await openApp(await browsers.get(), gw, { clock: idles });
          } else if (event.type === 'LOGIN.SUBMIT') await signIn(current(), gw, event.credentials.loginId);
          else if (event.type === 'CAPTCHA.REFRESH') await current().getByRole('button', { name: zh.login.refreshCaptcha }).click();
          else if (event.type === 'PASSWORD.SUBMIT') {
            await current().locator('#new-password').fill(MODEL_NEW_PASSWORD);
            await current().locator('#confirm-password').fill(MODEL_NEW_PASSWORD);
            await current().locator('#confirm-password').press('Enter');
          } else if (event.type === 'LOGOUT.REQUEST') await current().getByTestId('logout').click();
          else if (event.type === 'LOGOUT.CONFIRM') await current().getByTestId('logout-confirm').click();
          else if (event.type === 'LOGOUT.CANCEL') await current().keyboard.press('Escape');
          else if (event.type === 'MAINTENANCE.CHECKED') await setMaintenance(gw, event.maintenance.flag === 1);
          else await current().clock.fastForward((IDLE_SECONDS + 1) * 1000);
        },
        async seen(step: ToolStep) {
          const state = step.raw.state as Snapshot;
          // Before the first page: the app has not loaded yet.
          if (page) await screens[step.state]!(state);
          return step.shows;
        },
        async close() {
          if (page) await closeApp(page);
          await resetSite(gw);
        },
      };
    },
    close: browsers.close,
  };
}

let cached: ReturnType<typeof generatePaths> | undefined;
const pageOnly = "the logout confirmation is the page's: nothing reaches the gateway until it is confirmed";
export const sessionPaths: MachinePaths = {
  name: 'session',
  title: 'Signing in and out: site block, maintenance, wrong names, a forced password, logout, inactivity',
  sources: 'tests/paths/session.model.ts, from docs/product.md#sign-in-and-the-session',
  paths: () =>
    (cached ??= generatePaths(
      sessionTestModel as never,
      {
        ...names,
        shows: (snapshot: Snapshot) => showsOf(names.stateName(snapshot), names.shows(snapshot)),
      } as never,
    )),
  states: () => modelGraph(sessionTestModel as never, names as never).states,
  transitions: () => modelGraph(sessionTestModel as never, names as never).transitions,
  leavesOut: {
    gateway: {
      'open.signedIn.active —IDLE.TIMEOUT→ open.signedOut.ready': 'the inactivity timeout is minutes of the page: run it with --browser',
      'open.signedIn.active —LOGOUT.REQUEST→ open.signedIn.confirmingLogout': pageOnly,
      'open.signedIn.confirmingLogout —LOGOUT.CANCEL→ open.signedIn.active': pageOnly,
      'open.signedIn.confirmingLogout —LOGOUT.CONFIRM→ open.signedOut.ready': pageOnly,
    },
  },
  runners: { gateway: gatewayRunner, browser: browserRunner },
};

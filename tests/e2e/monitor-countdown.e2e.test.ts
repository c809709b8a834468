import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import zhErrors from '../../locales/zh/errors.json' with { type: 'json' };
import { consoleErrors, setTabHidden } from '../support/app-page';
import { useAppInChromium } from '../support/app-in-chromium';
import { CountCalls } from '../support/count-calls';
import {
  FETCH_DONE,
  FETCH_ERROR,
  TICK,
  appCover,
  monitorCountdownModel,
  pathName,
  type ModelSnapshot,
} from '../paths/monitor-countdown.model';
import { text } from '../support/pages/locale-text';
import { ShellPage } from '../support/pages/shell-page';

const e2e = useAppInChromium();
/** The member a watch-list change is made on, to have the app read the counts outside the countdown. */
const MEMBER = 'mb01010101001';

/*
 * The paths: the app always starts with the switch off (its first read of the counts turns it
 * on) and 12 seconds a cycle. The model's 77 shortest paths from there would take about two
 * minutes of reloads and clicks, over the CI budget; these seven take every transition of the
 * model (appCover) but the one the app cannot make, which the fake-clock replay takes. The
 * states and seconds in between are the unit tests' (monitor-countdown.machine.test.ts).
 */
const paths = appCover(monitorCountdownModel({ switchOn: false }));

describe.runIf(e2e.run)('monitor countdown paths of the model in Chromium, on a fake clock', () => {
  let page: Page;
  let errors: string[];
  let memberId: string;
  const calls = new CountCalls();
  /** What the app must show: the calls made so far and the members' unseen count the gateway last answered. */
  const world = { made: 0, users: 0, previous: undefined as ModelSnapshot['value'] | undefined };

  beforeAll(async () => {
    memberId = await e2e.gw.accountId(MEMBER);
    await e2e.gw.db.run(sql`UPDATE sites SET warning_switch = false WHERE id = 'demo'`);
    const shell = await ShellPage.signedIn(e2e.browser, e2e.gw, 'admin');
    page = shell.page;
    errors = consoleErrors(page);
    // The clock runs on its own until a path starts: signing in and loading need their timers.
    await page.clock.install();
    // The model is the countdown's alone: the live stream's monitoring news read the counts off its
    // schedule (tests/gateway/live-events.test.ts covers them), so here the stream is refused and
    // the page polls as it does while the stream is down. Each path starts with a reload.
    await calls.watch(page);
    await shell.goTo('userWarning');
  });

  afterEach(() => {
    expect(errors.splice(0), 'console errors of the page').toEqual([]);
  });

  /** The countdown, the retry and refresh buttons and the counts as the page shows them, with the calls made. */
  async function shown() {
    // React Query tells its observers in a zero-delay timer, which the fake clock puts 1 ms later
    // when it is set while the clock runs timers: let it run. The few ms this adds in a path stay
    // far below the second the countdown waits, so every tick still comes with its TICK step.
    await page.clock.runFor(1);
    const countdown = page.getByTestId('warning-countdown');
    return {
      phase: await countdown.getAttribute('data-phase'),
      seconds: Number(await countdown.getAttribute('data-seconds')),
      says: await countdown.locator('span').textContent(),
      retry: await page.getByTestId('warning-retry').count(),
      refresh: await page.getByTestId('warning-refresh').count(),
      users: Number(await page.getByTestId('warning-user-count').getAttribute('data-count')),
      made: calls.made,
      waiting: calls.held.length,
    };
  }

  const expected = (state: ModelSnapshot) => ({
    phase: state.value,
    seconds: state.context.secondsLeft,
    says:
      state.value === 'counting'
        ? text('monitor.countdown.counting', { seconds: state.context.secondsLeft })
        : text(`monitor.countdown.${String(state.value)}`),
    retry: state.value === 'failed' ? 1 : 0,
    refresh: state.value === 'counting' ? 1 : 0,
    users: world.users,
    made: world.made,
    // One call of the countdown waits for its answer exactly while it is fetching.
    waiting: state.value === 'fetching' ? 1 : 0,
  });

  /** A fresh app (a fresh machine) with the switch off and no unseen events; then the clock stops. */
  async function startPath() {
    await e2e.gw.db.run(sql`UPDATE sites SET warning_switch = false WHERE id = 'demo'`);
    await e2e.gw.db.run(sql`DELETE FROM monitor_events WHERE site_id = 'demo'`);
    Object.assign(world, { made: 0, users: 0, previous: undefined });
    // A path that failed may have left a call waiting: the reload drops it.
    calls.held.splice(0);
    calls.passing = 1;
    await page.clock.resume();
    await page.reload();
    await expect.poll(() => calls.passing).toBe(0);
    await expect.poll(() => page.getByTestId('warning-countdown').getAttribute('data-phase')).toBe('off');
    await expect.poll(() => page.getByTestId('warning-user-count').getAttribute('data-count')).toBe('0');
    calls.made = 0;
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
  }

  /**
   * The switch changed in the settings reaches the app with the next counts answer; outside the
   * countdown, the app reads the counts again after a change to the watch lists.
   */
  async function switchTo(on: boolean) {
    await e2e.gw.db.run(sql`UPDATE sites SET warning_switch = ${on} WHERE id = 'demo'`);
    calls.passing += 1;
    world.made += 1;
    await page.getByTestId('watch-login').fill(MEMBER);
    await page.getByTestId('watch-submit').click();
    await expect.poll(() => calls.passing).toBe(0);
  }

  /** Each path's states as the page must show them; outside `counting`, five seconds must change nothing. */
  async function check(state: ModelSnapshot) {
    if (state.value === 'fetching' && world.previous !== 'fetching') world.made += 1;
    world.previous = state.value;
    await expect.poll(shown, { interval: 20 }).toEqual(expected(state));
    if (state.value === 'counting') return;
    await page.clock.runFor(5000);
    // What those seconds would have started (a render, a call) gets a moment of real time to show.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await shown()).toEqual(expected(state));
  }

  for (const path of paths) {
    it(pathName(path), async () => {
      await startPath();
      await path.test({
        events: {
          'SWITCH.ON': () => switchTo(true),
          'SWITCH.OFF': () => switchTo(false),
          'TAB.HIDDEN': async () => {
            const dropping = world.previous === 'fetching';
            await setTabHidden(page, true);
            // The countdown dropped its call; the browser still gets the answer, which changes nothing.
            if (dropping) {
              const route = calls.waiting();
              await route.continue();
              await route.request().response();
            }
          },
          'TAB.VISIBLE': () => setTabHidden(page, false),
          RETRY: () => page.getByTestId('warning-retry').click(),
          REFRESH: () => page.getByTestId('warning-refresh').click(),
          [FETCH_DONE]: async () => {
            // A new unseen event of the member, so that the answer carries counts the page did not show yet.
            await e2e.gw.db.run(sql`INSERT INTO monitor_events (site_id, account_id, level, kind, detail, created_at)
              VALUES ('demo', ${memberId}, 5, 'status', 'model path', now())`);
            world.users += 1;
            await calls.waiting().continue();
          },
          [FETCH_ERROR]: () => CountCalls.failed(calls.waiting(), zhErrors['0']),
          [TICK]: () => page.clock.runFor(1000),
        },
        states: { off: check, paused: check, fetching: check, counting: check, failed: check },
      });
      // Calls a last step would have started get a moment to show.
      await new Promise((resolve) => setTimeout(resolve, 100));
      const { made, waiting } = expected(path.state);
      expect({ made: calls.made, waiting: calls.held.length }).toEqual({ made, waiting });
    });
  }
});

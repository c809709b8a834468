import AxeBuilder from '@axe-core/playwright';
import { sql } from '../../server/kernel/db/sql';
import type { Page, Response } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import zhErrors from '../../locales/zh/errors.json' with { type: 'json' };
import { withFaults } from '../../server/platform/game-platform';
import { ingestPlatformFeed } from '../../server/games/feed-ingest';
import { REPAIR_AFTER_MS, transferIn } from '../../server/points/game-transfers';
import { simulatorPlatform } from '../../server/simulator/simulator-platform';
import { publish } from '../../server/simulator/simulator-runtime';
import {
  FETCH_DONE,
  FETCH_ERROR,
  TICK,
  appCover,
  monitorCountdownModel,
  pathName,
  type ModelSnapshot,
} from '../paths/monitor-countdown.model';
import { useAppInChromium, useJourney } from '../support/app-in-chromium';
import { allowConsoleErrors, consoleErrors, setTabHidden } from '../support/app-page';
import { aBet, feedBet } from '../support/bet-fixture';
import { CountCalls } from '../support/count-calls';
import { AccountListPage } from '../support/pages/account-list-page';
import { GameTransferPage } from '../support/pages/game-transfer-page';
import { text } from '../support/pages/locale-text';
import { ShellPage } from '../support/pages/shell-page';
import { StopListPage } from '../support/pages/stop-list-page';

const e2e = useAppInChromium();
/** The member the admin watches: its wins raise the red dot, and a change of the watch lists has the app read the counts. */
const MEMBER = 'mb01010101001';

/** A settled win of the member published by the platform, then read through the game adapter the way the feed job reads it. */
async function plantWin(orderId: string, winLoss: number) {
  const at = new Date();
  const bet = aBet(await e2e.gw.accountId(MEMBER), {
    orderId,
    betTime: new Date(at.getTime() - 60_000),
    settleTime: at,
    round: '20261126-0099',
    bet: 100_000,
    validBet: 100_000,
    settle: 100_000 + winLoss,
    winLoss,
  });
  await publish(e2e.gw.db, 'demo', 'bet', feedBet(bet), at);
  await ingestPlatformFeed(e2e.gw.db, (q) => simulatorPlatform(q), at);
  const stored = await e2e.gw.db.one<{ win_loss: string | number }>(
    sql`SELECT win_loss FROM bets WHERE site_id = 'demo' AND order_id = ${orderId}`,
  );
  expect(Number(stored?.win_loss)).toBe(winLoss);
}

/*
 * The countdown's paths: the app always starts with the switch off (its first read of the counts
 * turns it on) and 12 seconds a cycle. The model's 77 shortest paths from there would take about
 * two minutes of reloads and clicks, over the CI budget; these seven take every transition of the
 * model (appCover) but the one the app cannot make, which the fake-clock replay takes. The states
 * and seconds in between are the unit tests' (monitor-countdown.machine.test.ts).
 */
const paths = appCover(monitorCountdownModel({ switchOn: false }));

describe.runIf(e2e.run)("the admin's watched accounts and their countdown, one signed-in page on a fake clock", () => {
  const journey = useJourney(e2e, () => ShellPage.signedIn(e2e.browser, e2e.gw, 'admin'));
  /** Whether a step installed the page's fake clock (it stays for the page's life, reloads included). */
  let clockInstalled = false;

  it('watches a member from the screen; its large win raises the red dot within a 12-second cycle (on a fake clock), and marking it seen clears it', async () => {
    await e2e.gw.db.run(sql`UPDATE sites SET warning_switch = true, monitor_win_cents = 50000 WHERE id = 'demo'`);
    await e2e.gw.db.run(sql`UPDATE accounts SET monitored = false, exception_marked = false`);
    await e2e.gw.db.run(sql`DELETE FROM monitor_events`);
    const shell = journey();
    const { page } = shell;
    // The counts' calls this step cuts fail in the console, as they should.
    allowConsoleErrors(page, /Failed to load resource: net::ERR_FAILED/);
    await shell.runCommand('go.userWarning');
    await shell.screen('userWarning').waitFor();
    expect(await shell.menuEntry('userWarning').getByTestId('menu-dot').count()).toBe(0);

    await page.getByTestId('watch-login').fill(MEMBER);
    await page.getByTestId('watch-submit').click();
    await shell.toast(text('monitor.watched', { loginId: MEMBER })).waitFor();
    const row = page.locator(`[data-testid="watched-row"][data-login-id="${MEMBER}"]`);
    await expect.poll(() => row.getByTestId('watched-unseen').getAttribute('data-count')).toBe('0');
    const axe = await new AxeBuilder({ page }).include('[data-testid="user-warning-screen"]').analyze();
    expect(axe.violations.map((violation) => violation.id)).toEqual([]);
    // An account that does not exist is named as such, and nothing is added.
    await page.getByTestId('watch-login').fill('nobody99');
    await page.getByTestId('watch-submit').click();
    await page.getByText(text('monitor.notFound', { loginId: 'nobody99' })).waitFor();

    // The switch is on: the countdown runs. From here its seconds run on a fake clock.
    const countdown = page.getByTestId('warning-countdown');
    await expect.poll(() => countdown.getAttribute('data-phase')).toBe('counting');
    await page.clock.install();
    clockInstalled = true;
    // The second under way was timed before the fake clock: once it passes, every next one is fake.
    const shown = await countdown.getAttribute('data-seconds');
    await expect.poll(() => countdown.getAttribute('data-seconds')).not.toBe(shown);
    await plantWin('990001', 60_000);
    await plantWin('990002', 40_000);
    await page.clock.runFor(13_000);
    await expect.poll(() => page.getByTestId('warning-user-count').getAttribute('data-count')).toBe('1');
    await expect.poll(() => shell.menuEntry('userWarning').getByTestId('menu-dot').getAttribute('data-count')).toBe('1');
    await expect.poll(() => row.getByTestId('watched-unseen').getAttribute('data-count')).toBe('1');
    expect(await row.locator('[role=cell][data-column="detail"]').textContent()).toBe('990001');

    await row.getByTestId('watched-seen').click();
    await shell.toast(text('monitor.markedSeen', { loginId: MEMBER })).waitFor();
    await expect.poll(() => shell.menuEntry('userWarning').getByTestId('menu-dot').count()).toBe(0);
    expect(await page.getByTestId('warning-user-count').getAttribute('data-count')).toBe('0');

    // The countdown's other paths, on the same fake clock: a hidden tab asks nothing, and asks at once when back.
    const phase = () => countdown.getAttribute('data-phase');
    let asked = 0;
    // The counts' answer is the only one that carries the warning switch.
    const isCount = (body: string) => body.includes('"warningSwitch"');
    const onResponse = async (response: Response) => {
      if (response.url().endsWith('/api') && isCount(await response.text().catch(() => ''))) asked += 1;
    };
    page.on('response', onResponse);
    try {
      await setTabHidden(page, true);
      await expect.poll(phase).toBe('paused');
      asked = 0;
      await page.clock.runFor(40_000);
      expect(asked).toBe(0);
      await setTabHidden(page, false);
      await expect.poll(phase).toBe('counting');
      await expect.poll(() => asked).toBeGreaterThanOrEqual(1);

      // A failed call stops the countdown until Retry.
      await page.route('**/api', async (route) => {
        const answer = await route.fetch();
        if (isCount(await answer.text())) await route.abort();
        else await route.fulfill({ response: answer });
      });
      await page.clock.runFor(13_000);
      await expect.poll(phase).toBe('failed');
      asked = 0;
      await page.clock.runFor(30_000);
      expect(asked).toBe(0);
      await page.unroute('**/api');
      await page.getByTestId('warning-retry').click();
      await expect.poll(phase).toBe('counting');
    } finally {
      page.off('response', onResponse);
    }

    // The switch turned off (from the settings, by anyone): the next count says so and the countdown stops.
    await e2e.gw.db.run(sql`UPDATE sites SET warning_switch = false WHERE id = 'demo'`);
    await page.clock.runFor(13_000);
    await expect.poll(phase).toBe('off');
  });

  describe('then every transition of the countdown model, each path from a reload of the same page', () => {
    let page: Page;
    let errors: string[];
    let memberId: string;
    const calls = new CountCalls();
    /** What the app must show: the calls made so far and the members' unseen count the gateway last answered. */
    const world = { made: 0, users: 0, previous: undefined as ModelSnapshot['value'] | undefined };

    beforeAll(async () => {
      if (!e2e.run) return;
      memberId = await e2e.gw.accountId(MEMBER);
      await e2e.gw.db.run(sql`UPDATE sites SET warning_switch = false WHERE id = 'demo'`);
      const shell = journey();
      page = shell.page;
      errors = consoleErrors(page);
      // The clock runs on its own until a path starts: loading needs its timers. The first step installed it.
      if (!clockInstalled) await page.clock.install();
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
});

describe.runIf(e2e.run)("an agent's line: a member's betting paused and resumed, a lost transfer repaired, one signed-in page", () => {
  const journey = useJourney(e2e, () => ShellPage.signedIn(e2e.browser, e2e.gw, 'ag01010202'));

  it("pauses a member's betting from the account list, shows it in the stop list, and resumes it there", async () => {
    const shell = journey();
    await shell.pressShortcut('accounts');
    const list = new AccountListPage(shell.page);
    await list.waitForRows();
    // Newest first: mb01010202005 is the first row.
    expect(await list.table.isActive(list.row('mb01010202005'))).toBe(true);
    await list.openActionsByKeyboard();
    await list.action('member.pauseBet').click();
    await shell.confirm();
    await shell.toast(text('action.done', { loginId: 'mb01010202005', action: text('action.pauseBet') })).waitFor();

    await shell.runCommand('accounts.stopList');
    await shell.screen('stopList').waitFor();
    const stopList = new StopListPage(shell.page);
    await expect.poll(() => stopList.loginIds()).toEqual(['mb01010202005']);
    expect(await shell.highlighted('accounts')).toBe(true);

    // An account higher up sees the paused member too, with why it cannot resume it (not its direct child):
    // signed in on this page in turn, then the agent again.
    await shell.signInAgainAs('ga010102');
    await shell.goTo('stopList');
    await stopList.row('mb01010202005').waitFor();
    expect(await stopList.refusalOf('mb01010202005')).toBe('notDirectChild');
    expect(await stopList.row('mb01010202005').getByTestId('no-action').textContent()).toBe(text('why.notDirectChild'));
    expect(await stopList.row('mb01010202005').getByRole('button').count()).toBe(0);
    await shell.signInAgainAs('ag01010202');
    await shell.goTo('stopList');
    await expect.poll(() => stopList.loginIds()).toEqual(['mb01010202005']);

    await stopList.resume('mb01010202005').click();
    await expect.poll(() => stopList.table.total()).toBe(0);
    expect(await stopList.table.empty().textContent()).toBe(text('stopList.empty'));
  });

  it("lists a transfer left pending by a lost answer, and the member's agent repairs it: reversed, the points back", async () => {
    const member = await e2e.gw.accountId('mb01010202002');
    const before = await e2e.gw.db.one<{ balance: string }>(sql`SELECT balance::text FROM accounts WHERE id = ${member}`);
    // The platform never saw it; made long enough ago that the repair may settle it now.
    const lost = [{ call: 'transferIn' as const, when: 'before' as const }];
    await transferIn(e2e.gw.db, (db) => withFaults(simulatorPlatform(db), lost), {
      siteId: 'demo',
      memberId: member,
      amount: 2_500,
      transferId: 'E2E-LOST-1',
      now: new Date(Date.now() - REPAIR_AFTER_MS - 5_000),
    });

    const shell = journey();
    await shell.runCommand('go.gameTransfer');
    await shell.screen('gameTransfer').waitFor();
    const transfers = new GameTransferPage(shell.page);
    await transfers.row('E2E-LOST-1').waitFor();
    expect(await transfers.stateOf('E2E-LOST-1')).toBe('pending');

    await transfers.repairButton('E2E-LOST-1').click();
    await shell.confirm();
    await shell
      .toast(
        text('transfers.repaired.reversed', { id: 'E2E-LOST-1', loginId: 'mb01010202002', amount: '25.00', type: text('log.type.in') }),
      )
      .waitFor();
    // The pending view empties; every state shows the transfer reversed.
    await expect.poll(() => transfers.row('E2E-LOST-1').count()).toBe(0);
    await transfers.stateFilter().selectOption('');
    await expect.poll(() => transfers.stateOf('E2E-LOST-1')).toBe('reversed');
    const after = await e2e.gw.db.one<{ balance: string }>(sql`SELECT balance::text FROM accounts WHERE id = ${member}`);
    expect(after!.balance).toBe(before!.balance);

    // The member's game log shows the session, finished, with nothing in or out (the in was reversed).
    await shell.goTo('gameLog', `?account=${member}&name=mb01010202002`);
    const session = shell.page.locator('[data-testid="game-log-row"][data-session-id="E2E-LOST-1"]');
    await session.waitFor();
    expect(await session.textContent()).toContain(text('gameLog.finished'));
    expect(await shell.page.getByTestId('game-log-total').getAttribute('data-total')).toBe('1');
  });
});

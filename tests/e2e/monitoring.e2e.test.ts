import AxeBuilder from '@axe-core/playwright';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { simulatorPlatform } from '../../server/simulator/simulator-platform';
import { ingestPlatformFeed } from '../../server/games/feed-ingest';
import { publish } from '../../server/simulator/simulator-runtime';
import { useAppInChromium } from '../support/app-in-chromium';
import { setTabHidden } from '../support/app-page';
import { aBet, feedBet } from '../support/bet-fixture';
import { text } from '../support/pages/locale-text';
import { ShellPage } from '../support/pages/shell-page';

const e2e = useAppInChromium();
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

describe.runIf(e2e.run)('the watched accounts in Chromium', () => {
  it('watches a member from the screen; its large win raises the red dot within a 12-second cycle (on a fake clock), and marking it seen clears it', async () => {
    await e2e.gw.db.run(sql`UPDATE sites SET warning_switch = true, monitor_win_cents = 50000 WHERE id = 'demo'`);
    await e2e.gw.db.run(sql`UPDATE accounts SET monitored = false, exception_marked = false`);
    await e2e.gw.db.run(sql`DELETE FROM monitor_events`);
    // The counts' calls this test cuts fail in the console, as they should.
    const shell = await ShellPage.signedIn(e2e.browser, e2e.gw, 'admin', {
      expectedConsoleErrors: /Failed to load resource: net::ERR_FAILED/,
    });
    const { page } = shell;
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
    page.on('response', async (response) => {
      if (response.url().endsWith('/api') && isCount(await response.text().catch(() => ''))) asked += 1;
    });
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

    // The switch turned off (from the settings, by anyone): the next count says so and the countdown stops.
    await e2e.gw.db.run(sql`UPDATE sites SET warning_switch = false WHERE id = 'demo'`);
    await page.clock.runFor(13_000);
    await expect.poll(phase).toBe('off');
    await shell.close();
  });
});

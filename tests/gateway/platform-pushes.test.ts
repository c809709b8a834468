import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { withFaults, type Fault, type GamePlatform, type PlatformFor } from '../../server/games/game-platform';
import { PUSH_LEASE_MS, sendPlatformPushes } from '../../server/games/platform-pushes';
import { simulatorPlatform } from '../../server/games/simulator/simulator-platform';
import { startTestGateway, type TestGateway } from '../support/test-gateway';

// Pushes sent by hand here: this gateway runs no jobs.
let gw: TestGateway;
let admin: string;

beforeAll(async () => {
  gw = await startTestGateway({ captcha: false, jobs: { run: false } });
  admin = await gw.sessionFor('admin');
});
afterAll(async () => {
  await gw.close();
});
beforeEach(async () => {
  await gw.db.run(sql`DELETE FROM site_games_closed`);
  await gw.db.run(sql`DELETE FROM simulator_games_closed`);
  await gw.db.run(sql`DELETE FROM platform_pushes`);
});

const simulator: PlatformFor = (q) => simulatorPlatform(q);
const faulty =
  (...faults: Fault[]): PlatformFor =>
  (q) =>
    withFaults(simulatorPlatform(q), faults);
const atPlatform = async (siteId = 'demo') =>
  (await gw.db.rows<{ game_code: string }>(sql`SELECT game_code FROM simulator_games_closed WHERE site_id = ${siteId} ORDER BY 1`)).map(
    (row) => row.game_code,
  );
const queued = () =>
  gw.db.rows<{ site_id: string; subject: string; version: string | number; attempts: number; last_error: string | null }>(
    sql`SELECT site_id, subject, version, attempts, last_error FROM platform_pushes ORDER BY site_id, subject`,
  );
const close = (gameCode: string, open = false) => gw.rpc('gw.credit.game.switch', { opsId: admin, gameCode, open });
/** A platform that takes its time to answer its pushes: `calling` once asked, answering after `release()`. */
function slowPlatform() {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let reached!: () => void;
  const calling = new Promise<void>((resolve) => (reached = resolve));
  const slow: PlatformFor = (q) => {
    const platform = simulatorPlatform(q);
    return {
      ...platform,
      async setClosedGames(call) {
        reached();
        await held;
        await platform.setClosedGames(call);
      },
    } satisfies GamePlatform;
  };
  return { slow, calling, release };
}

describe('what the back office pushes to the game platform', () => {
  it('queues the site’s closed games with the switch, and the platform takes the latest state once sent', async () => {
    await close('roulette');
    await close('sic-bo');
    // Two changes before a push: one push, of both.
    expect((await queued()).map((row) => [row.site_id, row.subject, Number(row.version)])).toEqual([['demo', 'games', 2]]);
    expect(await atPlatform()).toEqual([]);
    expect(await sendPlatformPushes(gw.db, simulator, gw.clock.now())).toEqual({ sent: 1, failed: 0 });
    expect(await atPlatform()).toEqual(['roulette', 'sic-bo']);
    expect(await queued()).toEqual([]);

    await close('roulette', true);
    expect(await sendPlatformPushes(gw.db, simulator, gw.clock.now())).toEqual({ sent: 1, failed: 0 });
    expect(await atPlatform()).toEqual(['sic-bo']);
    // Another site's games are its own.
    expect(await atPlatform('demo2')).toEqual([]);
    // Nothing queued, nothing sent; a switch that changes nothing queues nothing.
    await close('sic-bo');
    expect(await queued()).toEqual([]);
    expect(await sendPlatformPushes(gw.db, simulator, gw.clock.now())).toEqual({ sent: 0, failed: 0 });
  });

  it('keeps a push the platform did not take (its attempts and error), and sends it next time', async () => {
    await close('baccarat');
    expect(await sendPlatformPushes(gw.db, faulty({ call: 'setClosedGames', when: 'before' }), gw.clock.now())).toEqual({
      sent: 0,
      failed: 1,
    });
    const [kept] = await queued();
    expect(kept).toMatchObject({ subject: 'games', attempts: 1 });
    expect(kept!.last_error).toMatch(/no answer from the game platform/);
    expect(await atPlatform()).toEqual([]);
    // Applied there, the answer lost: sent again, the same state, no harm.
    expect(await sendPlatformPushes(gw.db, faulty({ call: 'setClosedGames', when: 'after' }), gw.clock.now())).toEqual({
      sent: 0,
      failed: 1,
    });
    expect(await atPlatform()).toEqual(['baccarat']);
    expect(await sendPlatformPushes(gw.db, simulator, gw.clock.now())).toEqual({ sent: 1, failed: 0 });
    expect(await queued()).toEqual([]);
  });

  it('sends again a subject changed while its push was on its way', async () => {
    await close('dragon-tiger');
    const { slow, calling, release } = slowPlatform();
    const sending = sendPlatformPushes(gw.db, slow, gw.clock.now());
    await calling;
    // The back office closes another game while the platform takes the push: it does not wait.
    await close('fortune-dragon');
    release();
    expect(await sending).toEqual({ sent: 1, failed: 0 });
    // The platform has the state the push read; the change after it is still queued, and goes next.
    expect(await atPlatform()).toEqual(['dragon-tiger']);
    expect((await queued()).map((row) => [row.subject, Number(row.version)])).toEqual([['games', 2]]);
    expect(await sendPlatformPushes(gw.db, simulator, gw.clock.now())).toEqual({ sent: 1, failed: 0 });
    expect(await atPlatform()).toEqual(['dragon-tiger', 'fortune-dragon']);
    expect(await queued()).toEqual([]);
  });

  it('a second sender finds a subject being sent and leaves it, until the first sender’s hold lapses', async () => {
    await close('roulette');
    const { slow, calling, release } = slowPlatform();
    const first = sendPlatformPushes(gw.db, slow, gw.clock.now());
    await calling;
    expect(await sendPlatformPushes(gw.db, simulator, gw.clock.now())).toEqual({ sent: 0, failed: 0 });
    expect(await sendPlatformPushes(gw.db, simulator, new Date(gw.clock.now().getTime() + PUSH_LEASE_MS - 1_000))).toEqual({
      sent: 0,
      failed: 0,
    });
    // A sender that never came back (its process died): after its hold, another sends.
    expect(await sendPlatformPushes(gw.db, simulator, new Date(gw.clock.now().getTime() + PUSH_LEASE_MS + 1_000))).toEqual({
      sent: 1,
      failed: 0,
    });
    expect(await atPlatform()).toEqual(['roulette']);
    release();
    expect(await first).toEqual({ sent: 1, failed: 0 });
    expect(await atPlatform()).toEqual(['roulette']);
    expect(await queued()).toEqual([]);
  });

  it('a gateway that runs jobs sends what is queued on its own, on its timer', async () => {
    await close('lucky-seven');
    const running = await startTestGateway({ db: gw.db, captcha: false, jobs: { run: true, pollMs: 100, pushEveryMs: 100 } });
    try {
      await expect.poll(() => atPlatform(), { timeout: 5_000, interval: 100 }).toEqual(['lucky-seven']);
      await expect.poll(queued, { timeout: 5_000, interval: 100 }).toEqual([]);
    } finally {
      await running.close();
    }
  });
});

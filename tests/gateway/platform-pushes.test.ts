import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { withFaults, type Fault, type GamePlatform, type PlatformFor } from '../../server/games/game-platform';
import { sendPlatformPushes } from '../../server/games/platform-pushes';
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

describe('what the back office pushes to the game platform', () => {
  it('queues the site’s closed games with the switch, and the platform takes the latest state once sent', async () => {
    await close('roulette');
    await close('sic-bo');
    // Two changes before a push: one push, of both.
    expect((await queued()).map((row) => [row.site_id, row.subject, Number(row.version)])).toEqual([['demo', 'games', 2]]);
    expect(await atPlatform()).toEqual([]);
    expect(await sendPlatformPushes(gw.db, simulator)).toEqual({ sent: 1, failed: 0 });
    expect(await atPlatform()).toEqual(['roulette', 'sic-bo']);
    expect(await queued()).toEqual([]);

    await close('roulette', true);
    expect(await sendPlatformPushes(gw.db, simulator)).toEqual({ sent: 1, failed: 0 });
    expect(await atPlatform()).toEqual(['sic-bo']);
    // Another site's games are its own.
    expect(await atPlatform('demo2')).toEqual([]);
    // Nothing queued, nothing sent; a switch that changes nothing queues nothing.
    await close('sic-bo');
    expect(await queued()).toEqual([]);
    expect(await sendPlatformPushes(gw.db, simulator)).toEqual({ sent: 0, failed: 0 });
  });

  it('keeps a push the platform did not take (its attempts and error), and sends it next time', async () => {
    await close('baccarat');
    expect(await sendPlatformPushes(gw.db, faulty({ call: 'setClosedGames', when: 'before' }))).toEqual({ sent: 0, failed: 1 });
    const [kept] = await queued();
    expect(kept).toMatchObject({ subject: 'games', attempts: 1 });
    expect(kept!.last_error).toMatch(/no answer from the game platform/);
    expect(await atPlatform()).toEqual([]);
    // Applied there, the answer lost: sent again, the same state, no harm.
    expect(await sendPlatformPushes(gw.db, faulty({ call: 'setClosedGames', when: 'after' }))).toEqual({ sent: 0, failed: 1 });
    expect(await atPlatform()).toEqual(['baccarat']);
    expect(await sendPlatformPushes(gw.db, simulator)).toEqual({ sent: 1, failed: 0 });
    expect(await queued()).toEqual([]);
  });

  it('sends again a subject changed while its push was on its way', async () => {
    await close('dragon-tiger');
    // The platform takes the push while the back office closes another game.
    const racing: PlatformFor = (q) => {
      const platform = simulatorPlatform(q);
      return {
        ...platform,
        async setClosedGames(call) {
          await platform.setClosedGames(call);
          await close('fortune-dragon');
        },
      } satisfies GamePlatform;
    };
    expect(await sendPlatformPushes(gw.db, racing)).toEqual({ sent: 1, failed: 0 });
    expect(await atPlatform()).toEqual(['dragon-tiger']);
    expect((await queued()).map((row) => row.subject)).toEqual(['games']);
    expect(await sendPlatformPushes(gw.db, simulator)).toEqual({ sent: 1, failed: 0 });
    expect(await atPlatform()).toEqual(['dragon-tiger', 'fortune-dragon']);
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

import { sql } from '../../server/kernel/db/sql';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { withFaults, type Fault, type GamePlatform, type PlatformFor } from '../../server/platform/game-platform';
import { PUSH_LEASE_MS, sendPlatformPushes } from '../../server/games/platform-pushes';
import { simulatorPlatform } from '../../server/simulator/simulator-platform';
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

describe("what the back office pushes of members' settings", () => {
  const atPlatformAccount = (accountId: string) =>
    gw.db.one<{
      status: number;
      team_status: number;
      bet_paused: boolean;
      device_h5: boolean;
      game_types: Record<string, { enabled: boolean; redLimit: string }>;
    }>(sql`SELECT status, team_status, bet_paused, device_h5, game_types FROM simulator_accounts WHERE account_id = ${accountId}`);
  const subjects = async () => (await queued()).map((row) => `${row.site_id}:${row.subject}`);

  it('sends what the agents change through their methods, a new member included, and the platform replaces its copy', async () => {
    const agent = await gw.sessionFor('ag01010102');
    const member = await gw.accountId('mb01010102002');
    await gw.rpc('gw.credit.user.bet.pause', { opsId: agent, userId: member });
    await gw.rpc('gw.credit.user.device.switch.set', { opsId: agent, userId: member, device: 'h5', enabled: false });
    await gw.rpc('gw.credit.user.disable', { opsId: agent, userId: member, mode: 'freeze' });
    // Three changes, one push of the member as it is now.
    expect(await subjects()).toEqual(['demo:account']);
    expect(await atPlatformAccount(member)).toMatchObject({ status: 1, bet_paused: false, device_h5: true });
    expect(await sendPlatformPushes(gw.db, simulator, gw.clock.now())).toEqual({ sent: 1, failed: 0 });
    expect(await atPlatformAccount(member)).toMatchObject({ status: 6, bet_paused: true, device_h5: false });
    expect(await queued()).toEqual([]);

    const { userId: addedId } = await gw.rpc('gw.credit.user.add', {
      opsId: agent,
      loginId: 'mbpush01',
      nickname: 'Pushed',
      password: 'Member_1',
      pointLimit: 1000,
    });
    expect(await atPlatformAccount(addedId)).toBeUndefined();
    expect(await sendPlatformPushes(gw.db, simulator, gw.clock.now())).toEqual({ sent: 1, failed: 0 });
    const copy = await atPlatformAccount(addedId);
    expect(copy).toMatchObject({ status: 1, team_status: 1 });
    expect(Object.keys(copy!.game_types).sort()).toEqual(['electronic', 'live']);
  });

  it("sends a site's accounts in one call, keeps them all when it fails, and sends again one changed on the way", async () => {
    const ids = await gw.db.rows<{ id: string | number }>(
      sql`SELECT id FROM accounts WHERE site_id = 'demo' AND level = 5 AND kind = 'tree' ORDER BY id LIMIT 30`,
    );
    await gw.db.run(
      sql`UPDATE game_settings SET red_limit = red_limit + 100 WHERE account_id IN (${sql.join(
        ids.map((row) => sql`${String(row.id)}::bigint`),
        sql`, `,
      )}) AND game_type = 'live'`,
    );
    await gw.db.run(sql`UPDATE accounts SET team_status = 4 WHERE site_id = 'demo2' AND level = 1`);
    const calls: Array<[string, number]> = [];
    let changed = false;
    const counting: PlatformFor = (q) => {
      const platform = simulatorPlatform(q);
      return {
        ...platform,
        async setAccounts(call) {
          calls.push([call.siteId, call.accounts.length]);
          // The sites' calls come in no set order: the change is made during demo's, whichever goes first.
          if (call.siteId === 'demo' && !changed) {
            changed = true;
            // A change while the platform takes the push: its account goes again.
            await gw.db.run(sql`UPDATE accounts SET bet_paused = NOT bet_paused WHERE id = ${String(ids[0]!.id)}`);
          }
          await platform.setAccounts(call);
        },
      } satisfies GamePlatform;
    };
    const demo2Level1 = Number(
      (await gw.db.one<{ n: string | number }>(sql`SELECT count(*) AS n FROM accounts WHERE site_id = 'demo2' AND level = 1`))!.n,
    );
    // Each fault fires once: one for each site's call.
    const lost = faulty({ call: 'setAccounts', when: 'before' }, { call: 'setAccounts', when: 'after' });
    expect(await sendPlatformPushes(gw.db, lost, gw.clock.now())).toEqual({
      sent: 0,
      failed: 30 + demo2Level1,
    });
    expect((await queued()).every((row) => row.attempts === 1)).toBe(true);

    expect(await sendPlatformPushes(gw.db, counting, gw.clock.now())).toEqual({ sent: 30 + demo2Level1, failed: 0 });
    expect(calls.map(([site, n]) => `${site}:${n}`).sort()).toEqual([`demo2:${demo2Level1}`, 'demo:30']);
    expect((await queued()).map((row) => [row.subject, Number(row.version)])).toEqual([['account', 2]]);
    const [{ account_id: again }] = (await gw.db.rows<{ account_id: string | number }>(sql`SELECT account_id FROM platform_pushes`)) as [
      { account_id: string | number },
    ];
    expect(String(again)).toBe(String(ids[0]!.id));
    expect(await sendPlatformPushes(gw.db, simulator, gw.clock.now())).toEqual({ sent: 1, failed: 0 });
    const both = await gw.db.one<{ office: boolean; platform: boolean }>(sql`SELECT a.bet_paused AS office, s.bet_paused AS platform
      FROM accounts a JOIN simulator_accounts s ON s.account_id = a.id WHERE a.id = ${String(ids[0]!.id)}`);
    expect(both!.platform).toBe(both!.office);
    await gw.db.run(sql`UPDATE accounts SET team_status = 1 WHERE site_id = 'demo2' AND level = 1`);
    await gw.db.run(sql`UPDATE accounts SET bet_paused = false WHERE id = ${String(ids[0]!.id)}`);
    await sendPlatformPushes(gw.db, simulator, gw.clock.now());
  });
});

import { sql } from '../../server/kernel/db/sql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../../server/kernel/db/database';
import { sendPlatformPushes } from '../../server/games/platform-pushes';
import { simulatorPlatform } from '../../server/simulator/simulator-platform';
import { memberSuggestion } from '../../server/simulator/member-suggestions';
import { ingestPlatformFeed } from '../../server/games/feed-ingest';
import { LEASE_MS, publish, simulatorTick, TICK_MS, type SimulatorOptions } from '../../server/simulator/simulator-runtime';
import { gameByCode } from '../../server/game-rules/game-registry';
import { seededRandom } from '../../server/game-rules/seeded-random';
import { checkLedger } from '../../server/points/ledger-check';
import type { PlatformFor } from '../../server/platform/game-platform';
import { drainRollups } from '../../server/reports/rollup-drain';
import { aBet, feedBet } from '../support/bet-fixture';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { simulatorBackOffice } from '../../server/gateway/simulator-back-office';

let database: TestDatabase;
let db: Queryable;
const options: SimulatorOptions = {
  seed: 'sim-test',
  rate: 12,
  holder: 'process-a',
  platformFor: simulatorPlatform,
  backOffice: simulatorBackOffice,
};
// A fixed start on a round boundary of every live game (multiples of 60 s).
let now = Date.parse('2026-11-20T04:00:00Z');

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(async () => {
  await database.close();
});

async function ticks(count: number, tickOptions: SimulatorOptions = options) {
  const outcomes = [];
  for (let i = 0; i < count; i++) {
    now += TICK_MS;
    outcomes.push(await simulatorTick(db, tickOptions, new Date(now)));
  }
  return outcomes;
}
const count = async (query: ReturnType<typeof sql>) => Number((await db.one<{ n: string | number }>(query))!.n);
const ledgerFailures = async () =>
  (await checkLedger(db)).checks.filter((check) => !check.ok).map((check) => `${check.site} ${check.name}: ${check.examples.join('; ')}`);

describe('the embedded game platform at play', () => {
  it('seats members, takes live bets and spins, settles them, lets members leave, and the back office reads it all', async () => {
    const outcomes = await ticks(90);
    const sum = (key: 'joined' | 'bets' | 'left' | 'ingested') => outcomes.reduce((total, outcome) => total + outcome[key], 0);
    expect(outcomes.every((outcome) => outcome.leader)).toBe(true);
    expect(sum('joined')).toBeGreaterThan(10);
    expect(sum('bets')).toBeGreaterThan(50);
    expect(sum('left')).toBeGreaterThan(5);
    const stored = await count(sql`SELECT count(*) AS n FROM bets WHERE order_id LIKE '7%'`);
    expect(stored).toBeGreaterThan(50);
    expect(
      await count(sql`SELECT count(*) AS n FROM bets WHERE order_id LIKE '7%' AND game_type = 'live' AND status = 'settled'`),
    ).toBeGreaterThan(0);
    expect(await count(sql`SELECT count(*) AS n FROM bets WHERE order_id LIKE '7%' AND game_type = 'electronic'`)).toBeGreaterThan(0);
    // Every feed row read, each bet once, whatever it published (unsettled, then settled).
    expect(await count(sql`SELECT count(*) - count(DISTINCT order_id) AS n FROM bets`)).toBe(0);
    const cursor = await count(sql`SELECT seq AS n FROM platform_feed_cursor`);
    expect(cursor).toBe(await count(sql`SELECT max(seq) AS n FROM platform_feed`));
    // Sessions that ended paid out what came in plus their bets' win/loss: the ledger check says so, with the rest.
    expect(await count(sql`SELECT count(*) AS n FROM game_sessions WHERE session_id LIKE 'SI-%' AND ended_at IS NOT NULL`)).toBeGreaterThan(
      5,
    );
    expect(await ledgerFailures()).toEqual([]);
  });

  it('carries members’ suggestions and complaints to the back office through the feed, each kept once', async () => {
    const written = () => count(sql`SELECT count(*) AS n FROM platform_feed WHERE kind = 'suggestion'`);
    for (let i = 0; i < 20 && (await written()) < 3; i++) await ticks(10);
    expect(await written()).toBeGreaterThanOrEqual(3);
    const fromFeed = await db.rows<{ id: string; member: string; kind: string; title: string }>(
      sql`SELECT body->>'suggestionId' AS id, body->>'memberId' AS member, body->>'kind' AS kind, body->>'title' AS title
        FROM platform_feed WHERE kind = 'suggestion' ORDER BY seq`,
    );
    const kept = () =>
      db.rows<{ id: string; member: string; kind: string; title: string }>(
        sql`SELECT s.platform_id AS id, s.member_id::text AS member, s.kind, s.title FROM suggestions s ORDER BY s.id`,
      );
    expect(await kept()).toEqual(fromFeed);
    expect(
      await count(sql`SELECT count(*) AS n FROM suggestions s JOIN accounts a ON a.id = s.member_id
      WHERE a.level <> 5 OR a.site_id <> s.site_id OR s.status <> 'new'`),
    ).toBe(0);
    // Read again from an earlier cursor: nothing doubled.
    await db.run(sql`UPDATE platform_feed_cursor SET seq = 0`);
    while ((await ingestPlatformFeed(db, simulatorPlatform, new Date(now))) > 0);
    expect(await kept()).toEqual(fromFeed);
    // What a member writes is a function of the seed, the member and the time alone.
    const member = { siteId: 'demo', memberId: '42', device: 'h5' as const };
    const writes = Array.from({ length: 60 }, (_, i) => memberSuggestion('sim-test', member, new Date(now + i * TICK_MS)));
    expect(writes).toEqual(Array.from({ length: 60 }, (_, i) => memberSuggestion('sim-test', member, new Date(now + i * TICK_MS))));
    expect(writes.filter(Boolean).length).toBeGreaterThan(0);
    expect(writes.filter(Boolean).length).toBeLessThan(20);
  });

  it('reads a long feed page after page, the next page read while one is stored; a read ahead that fails or is overtaken is read again, and each item counts once', async () => {
    const at = new Date(now);
    while ((await ingestPlatformFeed(db, simulatorPlatform, at)) > 0);
    await drainRollups(db);
    const members = await db.rows<{ id: string | number }>(
      sql`SELECT id FROM accounts WHERE site_id = 'demo' AND level = 5 ORDER BY id LIMIT 10`,
    );
    const publishBets = async (prefix: string) => {
      for (let i = 0; i < 250; i++) {
        const bet = aBet(String(members[i % members.length]!.id), { orderId: `${prefix}${String(i).padStart(4, '0')}` });
        await publish(db, 'demo', 'bet', feedBet(bet), at);
      }
    };
    const lastSeq = async () => String((await db.one<{ seq: string }>(sql`SELECT max(seq)::text AS seq FROM platform_feed`))!.seq);
    const cursor = async () => String((await db.one<{ seq: string }>(sql`SELECT seq::text AS seq FROM platform_feed_cursor`))!.seq);
    const queuedBets = async () => count(sql`SELECT COALESCE(sum(n), 0) AS n FROM report_queue`);

    // One reader; the platform fails the third read: the read ahead of page 3. Ten pages of 25,
    // each read ahead while the one before is stored (and an empty eleventh), page 3 read again.
    await publishBets('9101');
    let reads = 0;
    const flaky: PlatformFor = (q) => {
      const platform = simulatorPlatform(q);
      return {
        ...platform,
        readFeed: async (call) => {
          reads += 1;
          if (reads === 3) throw new Error('the platform did not answer');
          return platform.readFeed(call);
        },
      };
    };
    expect(await ingestPlatformFeed(db, flaky, at, { limit: 25, pages: 20 })).toBe(250);
    expect(reads).toBe(12);
    expect(await count(sql`SELECT count(*) AS n FROM bets WHERE order_id LIKE '9101%'`)).toBe(250);
    expect(await cursor()).toBe(await lastSeq());
    expect(await queuedBets()).toBe(250);
    await drainRollups(db);

    // Two readers at once: a page one of them read ahead may be stored by the other first; it is
    // then read again from where the cursor stands, so every item is read into the bets once.
    await publishBets('9102');
    const read = await Promise.all([
      ingestPlatformFeed(db, simulatorPlatform, at, { limit: 25, pages: 20 }),
      ingestPlatformFeed(db, simulatorPlatform, at, { limit: 25, pages: 20 }),
    ]);
    expect(read[0] + read[1]).toBe(250);
    expect(await count(sql`SELECT count(*) AS n FROM bets WHERE order_id LIKE '9102%'`)).toBe(250);
    expect(await cursor()).toBe(await lastSeq());
    expect(await queuedBets()).toBe(250);
  });

  it('lets the process serve timers and requests between the pages of a long read (on PGlite a page is only promise callbacks)', async () => {
    const at = new Date(now);
    while ((await ingestPlatformFeed(db, simulatorPlatform, at)) > 0);
    const member = await db.one<{ id: string | number }>(
      sql`SELECT id FROM accounts WHERE site_id = 'demo' AND level = 5 ORDER BY id LIMIT 1`,
    );
    for (let i = 0; i < 100; i++) {
      const bet = aBet(String(member!.id), { orderId: `9103${String(i).padStart(4, '0')}` });
      await publish(db, 'demo', 'bet', feedBet(bet), at);
    }
    let served = 0;
    let serving = true;
    const serve = () => {
      if (!serving) return;
      served += 1;
      setTimeout(serve, 0);
    };
    setTimeout(serve, 0);
    expect(await ingestPlatformFeed(db, simulatorPlatform, at, { limit: 10, pages: 20 })).toBe(100);
    serving = false;
    // Ten pages: a timer runs between each two of them at least.
    expect(served).toBeGreaterThanOrEqual(9);
  });

  it("draws a live round's result from (seed, table, round) alone", async () => {
    const rows = await db.rows<{
      game_code: string;
      game_id: string;
      round_no: string;
      started_at: Date | string;
      result: object | string;
    }>(
      sql`SELECT r.game_code, r.game_id, r.round_no, r.started_at, r.result FROM game_rounds r
           WHERE r.game_code IN ('baccarat', 'dragon-tiger', 'roulette', 'sic-bo') AND r.started_at >= '2026-11-20T04:00:00Z'`,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const game = gameByCode(row.game_code)!;
      const index = new Date(row.started_at).getTime() / (game.roundSeconds * 1000);
      const result = typeof row.result === 'string' ? (JSON.parse(row.result) as object) : row.result;
      expect(result).toEqual(JSON.parse(JSON.stringify(game.round(seededRandom(options.seed, row.game_id, index)))));
    }
  });

  it('lets one process play at a time: another waits for the lease to lapse, then takes over', async () => {
    const other = { ...options, holder: 'process-b' };
    const [blocked] = await ticks(1, other);
    expect(blocked).toMatchObject({ leader: false, bets: 0, joined: 0 });
    now += 20_000;
    const [taken] = await ticks(1, other);
    expect(taken!.leader).toBe(true);
    const [lost] = await ticks(1, options);
    expect(lost!.leader).toBe(false);
  });

  // Pairs of ticks that play and store what they publish, until three pairs had two leaders at once (at most 12
  // pairs: on PGlite every pair does, on PostgreSQL some do not): on a busy 2-CPU machine this may outlive 60 s.
  it('never settles a bet twice nor loses one when a tick outlives its lease and another process takes over', async () => {
    // Two leaders at once: process-a ticks at t; process-b, whose clock says the lease has lapsed,
    // ticks at t + LEASE_MS + 1 while the first is still at work (a stalled process coming back).
    const first = { ...options, holder: 'process-a' };
    const second = { ...options, holder: 'process-b' };
    const settledTwice = () =>
      count(sql`SELECT count(*) AS n FROM (SELECT body->>'orderId' FROM platform_feed WHERE kind = 'bet' AND body->>'status' = 'settled'
        GROUP BY 1 HAVING count(*) > 1) twice`);
    const seq = await count(sql`SELECT COALESCE(max(seq), 0) AS n FROM platform_feed`);
    expect(await count(sql`SELECT count(*) AS n FROM simulator_players`)).toBeGreaterThan(0);
    let together = 0;
    let played = 0;
    for (let pair = 0; pair < 12 && together < 3; pair++) {
      now += LEASE_MS + 1;
      const [a, b] = await Promise.all([simulatorTick(db, first, new Date(now)), simulatorTick(db, second, new Date(now + LEASE_MS + 1))]);
      if (a.leader && b.leader) together += 1;
      played += a.bets + b.bets;
      now += LEASE_MS + 1;
    }
    expect(together).toBeGreaterThanOrEqual(3);
    expect(played).toBeGreaterThan(0);
    // Each settled live bet published once, every bet a new order, and the books agree.
    expect(await settledTwice()).toBe(0);
    // A turn played twice would leave a live bet neither settled nor open at its seat.
    expect(
      await count(sql`SELECT count(*) AS n FROM platform_feed f WHERE f.seq > ${seq} AND f.kind = 'bet' AND f.body->>'status' = 'unsettled'
        AND NOT EXISTS (SELECT FROM platform_feed s WHERE s.kind = 'bet' AND s.body->>'status' = 'settled' AND s.body->>'orderId' = f.body->>'orderId')
        AND NOT EXISTS (SELECT FROM simulator_players p WHERE p.open_bet->>'orderId' = f.body->>'orderId')`),
    ).toBe(0);
    expect(await ledgerFailures()).toEqual([]);
  }, 180_000);

  it('seats members on pc, h5 and app; a terminal turned off refuses their bets from it, and they leave', async () => {
    // process-b holds the lease since the test before.
    const other = { ...options, holder: 'process-b' };
    await ticks(20, other);
    const devices = await db.rows<{ device: string }>(sql`SELECT DISTINCT device FROM simulator_players ORDER BY 1`);
    expect(devices.map((row) => row.device)).toEqual(['app', 'h5', 'pc']);
    const mobile = await db.rows<{ member_id: string | number }>(sql`SELECT member_id FROM simulator_players WHERE device <> 'pc'`);
    const refused = () => count(sql`SELECT COALESCE(sum(count), 0) AS n FROM platform_refusals WHERE reason = 'device-disabled'`);
    const refusedBefore = await refused();
    const mobileIds = sql.join(
      mobile.map((row) => sql`${String(row.member_id)}::bigint`),
      sql`, `,
    );
    const seq = await count(sql`SELECT COALESCE(max(seq), 0) AS n FROM platform_feed`);
    await db.run(sql`UPDATE accounts SET device_h5 = false, device_app = false WHERE id IN (${mobileIds})`);
    // The back office tells the platform (the push job's work), which refuses by its own copy.
    expect((await sendPlatformPushes(db, simulatorPlatform, new Date(now))).sent).toBe(mobile.length);
    try {
      // Each of them is refused at its next turn (within a round of the slowest table) and gets up.
      for (let tick = 0; tick < 30; tick++) {
        await ticks(1, other);
        if ((await count(sql`SELECT count(*) AS n FROM simulator_players WHERE member_id IN (${mobileIds}) AND device <> 'pc'`)) === 0)
          break;
      }
      expect(await count(sql`SELECT count(*) AS n FROM simulator_players WHERE member_id IN (${mobileIds}) AND device <> 'pc'`)).toBe(0);
      expect(await refused()).toBeGreaterThan(refusedBefore);
      // No bet of theirs from h5 or the app since; the others play on.
      expect(
        await count(sql`SELECT count(*) AS n FROM platform_feed f WHERE f.seq > ${seq} AND f.kind = 'bet' AND f.body->>'device' <> 'pc'
          AND (f.body->>'memberId')::bigint IN (${mobileIds})
          AND NOT EXISTS (SELECT FROM platform_feed e WHERE e.seq <= ${seq} AND e.kind = 'bet' AND e.body->>'orderId' = f.body->>'orderId')`),
      ).toBe(0);
      expect(await count(sql`SELECT count(*) AS n FROM platform_feed WHERE seq > ${seq} AND kind = 'bet'`)).toBeGreaterThan(0);
    } finally {
      await db.run(sql`UPDATE accounts SET device_h5 = true, device_app = true WHERE id IN (${mobileIds})`);
      await sendPlatformPushes(db, simulatorPlatform, new Date(now));
    }
    expect(await ledgerFailures()).toEqual([]);
  });

  it('takes no bet on a closed game (each refusal counted), and with rate 0 seats nobody and lets everyone leave', async () => {
    const other = { ...options, holder: 'process-b' };
    // Every game closed at the platform (as the back office pushes it: platform-pushes.test.ts).
    await db.run(sql`INSERT INTO simulator_games_closed (site_id, game_code)
      SELECT s.id, g.game_code FROM sites s CROSS JOIN games g ON CONFLICT DO NOTHING`);
    const refusedBefore = await count(sql`SELECT COALESCE(sum(count), 0) AS n FROM platform_refusals WHERE reason = 'game-closed'`);
    const betsBefore = await count(sql`SELECT count(*) AS n FROM platform_feed WHERE kind = 'bet' AND body->>'status' = 'unsettled'`);
    const spinsBefore = await count(sql`SELECT count(*) AS n FROM bets WHERE game_type = 'electronic' AND order_id LIKE '7%'`);
    await ticks(40, other);
    expect(await count(sql`SELECT COALESCE(sum(count), 0) AS n FROM platform_refusals WHERE reason = 'game-closed'`)).toBeGreaterThan(
      refusedBefore,
    );
    expect(await count(sql`SELECT count(*) AS n FROM platform_feed WHERE kind = 'bet' AND body->>'status' = 'unsettled'`)).toBe(betsBefore);
    expect(await count(sql`SELECT count(*) AS n FROM bets WHERE game_type = 'electronic' AND order_id LIKE '7%'`)).toBe(spinsBefore);
    await db.run(sql`DELETE FROM simulator_games_closed`);

    await ticks(60, { ...other, rate: 0 });
    const seated = await db.rows(sql`SELECT p.*, a.in_game, a.status FROM simulator_players p JOIN accounts a ON a.id = p.member_id`);
    expect(seated).toEqual([]);
    expect(await count(sql`SELECT count(*) AS n FROM accounts WHERE in_game`)).toBe(0);
    expect(await ledgerFailures()).toEqual([]);
  });
});

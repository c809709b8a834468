import { randomBytes } from 'node:crypto';
import { sql } from '../../server/kernel/db/sql';
import { openDatabase, type Database } from '../../server/kernel/db/database';
import { migrate } from '../../server/kernel/db/migrate';
import type { GamePlatform, PlatformFor } from '../../server/platform/game-platform';
import { httpPlatform } from '../../server/platform/http-platform';
import { ingestPlatformFeed } from '../../server/games/feed-ingest';
import { transferIn, transferOut } from '../../server/points/game-transfers';
import { checkLedger } from '../../server/points/ledger-check';
import { seedDemo } from '../../server/seed/demo.seed';
import { simulatorPlatform } from '../../server/simulator/simulator-platform';
import { aBet, feedBet } from '../support/bet-fixture';
import { startPlatformProcess } from '../support/platform-process';
import { secretFile } from '../support/secret-file';
import { createBenchDatabase, type BenchDatabase } from './postgres.bench-helper';

/** Seconds each platform's transfers run, in PLATFORM_TRANSFER_TURNS turns taken in alternation. */
export const PLATFORM_TRANSFER_SECONDS = 8;
export const PLATFORM_TRANSFER_TURNS = 4;
export const PLATFORM_TRANSFER_WORKERS = 8;
/** Settled bets on each platform's feed, stored PLATFORM_FEED_ROUNDS times by each path. */
export const PLATFORM_FEED_BETS = 20_000;
export const PLATFORM_FEED_ROUNDS = 5;

const KEY_ID = 'bench-bo';
const SITE = 'demo';

export interface PlatformSide {
  /** Transfers in and out per second (each counts one). */
  transfersPerSecond: number;
  transferFailures: number;
  /** Feed items stored per second: the median of the rounds. */
  feedPerSecond: number;
  feedSeconds: number[];
}

export interface PlatformBenchResult {
  members: number;
  embedded: PlatformSide;
  http: PlatformSide;
  ledgerOk: boolean;
}

interface Member {
  id: string;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** Runs `work` from PLATFORM_TRANSFER_WORKERS workers over their share of the members for `seconds`. */
async function run(members: Member[], seconds: number, work: (member: Member) => Promise<number>) {
  const until = performance.now() + seconds * 1000;
  let done = 0;
  let failures = 0;
  await Promise.all(
    Array.from({ length: PLATFORM_TRANSFER_WORKERS }, async (_, worker) => {
      const mine = members.filter((_, index) => index % PLATFORM_TRANSFER_WORKERS === worker);
      for (let n = 0; performance.now() < until; n++) {
        try {
          const moved = await work(mine[n % mine.length]!);
          done += moved;
        } catch {
          failures += 1;
        }
      }
    }),
  );
  return { done, failures };
}

/** The same settled bets on a platform's feed (its platform_feed table), for a path to read (not timed). */
async function publish(db: Database, memberIds: string[]) {
  const feed = Array.from({ length: PLATFORM_FEED_BETS }, (_, i) =>
    feedBet(aBet(memberIds[i % memberIds.length]!, { orderId: String(600_000_000_000 + i) })),
  );
  for (let i = 0; i < feed.length; i += 5_000) {
    await db.run(sql`INSERT INTO platform_feed (site_id, kind, body, created_at)
      SELECT ${SITE}, 'bet', item, now() FROM json_array_elements(${JSON.stringify(feed.slice(i, i + 5_000))}::json) AS item`);
  }
}

/** The back office as before its first read of either feed: no bet, rollup or queued line; both cursors at the start. */
async function freshStart(db: Database) {
  await db.run(sql`TRUNCATE bets, bet_revisions, report_member_days, report_edge_days, report_queue`);
  await db.run(sql`UPDATE platform_feed_cursor SET seq = 0 WHERE id = 1`);
  await db.run(sql`DELETE FROM site_feed_cursors`);
}

/** Reads a feed to its end through ingestPlatformFeed; answers the seconds it took, after checking every bet was stored once. */
async function timedIngest(db: Database, platformFor: PlatformFor, siteId: string | undefined): Promise<number> {
  await freshStart(db);
  const now = new Date();
  const started = performance.now();
  let read = 0;
  for (let count = -1; count !== 0;) {
    count = await ingestPlatformFeed(db, platformFor, now, siteId === undefined ? {} : { siteId });
    read += count;
  }
  const seconds = (performance.now() - started) / 1000;
  const stored = await db.one<{ n: string | number }>(sql`SELECT count(*) AS n FROM bets`);
  if (read !== PLATFORM_FEED_BETS || Number(stored!.n) !== PLATFORM_FEED_BETS) {
    throw new Error(
      `the ${siteId ? 'HTTP' : 'embedded'} feed read ${read} items and stored ${String(stored!.n)} of ${PLATFORM_FEED_BETS} bets`,
    );
  }
  return seconds;
}

/**
 * The game platform over HTTP against the embedded one, in the same run, on PostgreSQL:
 * (a) transfers in and out through the back office's transfer path (game-transfers.ts), from the
 * same members of the same back office database, to the embedded simulator (its books in that
 * database) and to the simulator run as a platform of its own (`npm run platform`, a child
 * process with its books in a database of its own on the same server) through the httpPlatform
 * adapter; the two take turns, so whatever else the machine does falls on both alike.
 * (b) the same settled bets on each platform's feed, stored by feed-ingest.ts: the embedded feed
 * (one cursor, read in the transaction that stores it) against one site's feed read over HTTP
 * from its own cursor; each path in turn from an empty bets table, PLATFORM_FEED_ROUNDS times.
 */
export async function benchPlatform(adminUrl: string): Promise<PlatformBenchResult> {
  const databases: BenchDatabase[] = [];
  let db: Database | null = null;
  let books: Database | null = null;
  let platform: Awaited<ReturnType<typeof startPlatformProcess>> | null = null;
  try {
    const office = await createBenchDatabase(adminUrl);
    databases.push(office);
    const platformDatabase = await createBenchDatabase(adminUrl);
    databases.push(platformDatabase);
    db = await openDatabase({ kind: 'postgres', url: office.url, poolSize: 12 });
    await migrate(db);
    await seedDemo(db, new Date());
    const secret = randomBytes(24).toString('hex');
    platform = await startPlatformProcess(
      ['--port', '0', '--back-office', 'http://127.0.0.1:1', '--key-id', KEY_ID, '--secret-file', secretFile(secret), '--rate', '0'],
      { PLATFORM_DATABASE_URL: platformDatabase.url },
    );
    const adapter: GamePlatform = httpPlatform({ baseUrl: platform.url, keyId: KEY_ID, secret });
    const overHttp: PlatformFor = () => adapter;

    const members = (
      await db.rows<{ id: string | number }>(sql`
        SELECT id FROM accounts WHERE site_id = ${SITE} AND level = 5 AND balance >= 100000 ORDER BY id`)
    ).map((row) => ({ id: String(row.id) }));
    let ids = 0;
    const inAndOut = (platformFor: PlatformFor, prefix: string) => async (member: Member) => {
      const request = { siteId: SITE, memberId: member.id, amount: 100, now: new Date() };
      const moved = await transferIn(db!, platformFor, { ...request, transferId: `${prefix}${++ids}` });
      if (moved.state !== 'done') throw new Error(`transfer in ${moved.state}`);
      const out = await transferOut(db!, platformFor, { ...request, transferId: `${prefix}${++ids}` });
      if (out.state !== 'done') throw new Error(`transfer out ${out.state}`);
      return 2;
    };
    const sides = [
      { name: 'embedded', work: inAndOut(simulatorPlatform, 'E'), done: 0, failures: 0 },
      { name: 'http', work: inAndOut(overHttp, 'H'), done: 0, failures: 0 },
    ];
    // Warm-up (connections, prepared statements, the platform's first requests), not counted.
    for (const side of sides) await run(members, 1, side.work);
    const turn = PLATFORM_TRANSFER_SECONDS / PLATFORM_TRANSFER_TURNS;
    for (let round = 0; round < PLATFORM_TRANSFER_TURNS; round++) {
      for (const side of round % 2 === 0 ? sides : [...sides].reverse()) {
        const result = await run(members, turn, side.work);
        side.done += result.done;
        side.failures += result.failures;
      }
    }
    const ledger = await checkLedger(db, { siteId: SITE });

    // (b) The same bets on both feeds: the embedded one in the back office's database, the
    // platform process's in its own (written there directly, as its play would).
    books = await openDatabase({ kind: 'postgres', url: platformDatabase.url, poolSize: 2 });
    const memberIds = members.map((member) => member.id);
    await publish(db, memberIds);
    await publish(books, memberIds);
    const feedSeconds = { embedded: [] as number[], http: [] as number[] };
    for (let round = 0; round < PLATFORM_FEED_ROUNDS; round++) {
      const order = round % 2 === 0 ? (['embedded', 'http'] as const) : (['http', 'embedded'] as const);
      for (const path of order) {
        feedSeconds[path].push(
          path === 'embedded' ? await timedIngest(db, simulatorPlatform, undefined) : await timedIngest(db, overHttp, SITE),
        );
      }
    }
    const side = (name: 'embedded' | 'http'): PlatformSide => {
      const transfers = sides.find((s) => s.name === name)!;
      return {
        transfersPerSecond: transfers.done / PLATFORM_TRANSFER_SECONDS,
        transferFailures: transfers.failures,
        feedPerSecond: PLATFORM_FEED_BETS / median(feedSeconds[name]),
        feedSeconds: feedSeconds[name],
      };
    };
    return { members: members.length, embedded: side('embedded'), http: side('http'), ledgerOk: ledger.ok };
  } finally {
    await platform?.stop('SIGTERM');
    await books?.close();
    await db?.close();
    for (const database of databases.reverse()) await database.drop();
  }
}

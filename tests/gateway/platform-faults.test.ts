import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from '../../server/kernel/db/sql';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { PlatformRefusal, PlatformSilent, type GamePlatform, type PlatformFor } from '../../server/platform/game-platform';
import { ingestPlatformFeed } from '../../server/games/feed-ingest';
import { httpPlatform } from '../../server/platform/http-platform';
import { sendPlatformPushes } from '../../server/games/platform-pushes';
import { seededRandom } from '../../server/game-rules/seeded-random';
import {
  pendingTransfers,
  repairStaleTransfers,
  repairTransfer,
  REPAIR_AFTER_MS,
  REPAIR_JOB_AFTER_MS,
  transferIn,
  transferOut,
} from '../../server/points/game-transfers';
import { checkLedger } from '../../server/points/ledger-check';
import { RpcError } from '../../server/kernel/rpc-error';
import { faultKinds, startFaultProxy, type FaultProxy } from '../support/fault-proxy';
import { faultRunMembers, idArray, queuePlayRules, runBooks } from '../support/fault-run';
import { startPlatformProcess, type PlatformProcess } from '../support/platform-process';
import { createEmptyPostgresDatabase, testDatabaseKind } from '../support/test-database';
import { startTestGateway, type TestGateway } from '../support/test-gateway';
import { secretFile } from '../support/secret-file';

/**
 * Faults on the wire: the back office (a real test gateway) against the standalone platform process
 * through a seeded fault-injecting proxy (tests/support/fault-proxy.ts). Transfers in and out and
 * the feed's reads go on for a while the platform plays; then the faults stop, play is paused, the
 * repair settles every pending transfer and the feed is read to its end. No point may be lost or
 * made, every bet is stored once, the ledger is clean.
 *
 * PostgreSQL only: the point is transfers, play and feed reads running at once over the back
 * office's pool, the platform process on a database of its own. PGlite has one connection (every
 * transaction waits for the one before), so its run would test a queue, not concurrency, and
 * opening a second PGlite folder for the platform costs most of the budget.
 */
const KEY_ID = 'bo-faults';
const SECRET = 'the-site-secret-of-the-faults-on-the-wire-test';
const SEED = process.env.FAULT_SEED ?? 'faults-on-the-wire';
/** The adapter's timeout while faults are on: short, so late answers and lost requests cost little. */
const TIMEOUT_MS = 400;
const PLAY_MS = 15_000;
const WORKERS = 6;
const MEMBERS = 24;
/** Each kind's chance per call while faults are on: about a fifth of all calls suffer one. */
const FAULTS = Object.fromEntries(faultKinds.map((kind) => [kind, 0.03]));

const cleanups: (() => Promise<unknown> | unknown)[] = [];
let platform: PlatformProcess;
let proxy: FaultProxy;
let gw: TestGateway;
let adapter: GamePlatform;
const platformFor: PlatformFor = () => adapter;

beforeAll(async () => {
  if (testDatabaseKind() !== 'postgres') return;
  const database = await createEmptyPostgresDatabase();
  cleanups.push(() => database.drop());
  gw = await startTestGateway({ captcha: false, platformFor, jobs: { run: false } });
  platform = await startPlatformProcess(
    // Busy: members with points there sit down at every tick.
    ['--port', '0', '--back-office', gw.url, '--key-id', KEY_ID, '--secret-file', secretFile(SECRET), '--seed', SEED, '--rate', '3000'],
    { PLATFORM_DATABASE_URL: database.url },
  );
  proxy = await startFaultProxy({ target: platform.url, seed: SEED, lateMs: TIMEOUT_MS + 300 });
  // Signed with the real time: the platform process checks it against its own clock.
  adapter = httpPlatform({ baseUrl: proxy.url, keyId: KEY_ID, secret: SECRET, timeoutMs: TIMEOUT_MS });
}, 120_000);

afterAll(async () => {
  await proxy?.close();
  if (platform) await platform.stop('SIGTERM');
  await gw?.close();
  for (const cleanup of cleanups.reverse()) await cleanup();
});

type Outcome = 'done' | 'pending' | 'refused' | 'silent';

const errorLines = (log: string) =>
  log
    .split('\n')
    .filter((line) => /error|"level":(50|60)/i.test(line))
    .slice(-20)
    .join('\n');

describe.runIf(testDatabaseKind() === 'postgres')('faults on the wire', () => {
  it('transfers and play through lost, late, failed, duplicated and forged calls: repaired, no point lost or made, every bet once', async () => {
    // The platform process's own account of a failure (an HTTP 500 it answered, say) is in its log.
    onTestFailed(() => console.log(`the platform's log, its errors:\n${errorLines(platform.output())}`));
    const siteId = 'demo';
    const members = await faultRunMembers(gw.db, siteId, MEMBERS);
    expect(members.length).toBe(MEMBERS);
    const idList = idArray(members);

    // What the platform judges bets by, pushed before the faults.
    await queuePlayRules(gw.db, siteId, members, gw.clock.now());
    expect(await sendPlatformPushes(gw.db, platformFor, gw.clock.now())).toMatchObject({ failed: 0 });
    const started = new Date();

    // Faults on: workers move points in and out of random members while the platform plays and the feed is read.
    proxy.setFaults(FAULTS);
    const outcomes: Record<'in' | 'out', Record<Outcome, number>> = {
      in: { done: 0, pending: 0, refused: 0, silent: 0 },
      out: { done: 0, pending: 0, refused: 0, silent: 0 },
    };
    let feedReads = 0;
    let feedFailures = 0;
    let serial = 0;
    const until = Date.now() + PLAY_MS;
    const worker = async (n: number) => {
      const random = seededRandom(SEED, 'worker', n);
      while (Date.now() < until) {
        const member = members[random.below(members.length)]!;
        const type = random.below(3) === 0 ? 'out' : 'in';
        const move = { siteId, memberId: member.id, transferId: `FT-${n}-${++serial}`, now: gw.clock.now() };
        try {
          let state;
          if (type === 'in') {
            state = (await transferIn(gw.db, platformFor, { ...move, amount: 1_000 * (2 + random.below(19)) })).state;
          } else {
            // Part of what it has there; a spin meanwhile may leave too little (37112: nothing moves).
            const there = await adapter.balance({ siteId, memberId: member.id });
            if (there === 0n) continue;
            state = (await transferOut(gw.db, platformFor, { ...move, amount: Number(there) - random.below(Number(there)) })).state;
          }
          outcomes[type][state === 'done' ? 'done' : 'pending'] += 1;
        } catch (error) {
          // A refusal (the platform's, or 37165 while an earlier transfer of the member is unsettled)
          // or a balance call gone unanswered: nothing moved; the worker goes on.
          if (error instanceof RpcError || error instanceof PlatformRefusal) outcomes[type].refused += 1;
          else if (error instanceof PlatformSilent) outcomes[type].silent += 1;
          else throw error;
        }
      }
    };
    const feed = async () => {
      while (Date.now() < until) {
        try {
          await ingestPlatformFeed(gw.db, platformFor, gw.clock.now(), { siteId, limit: 500 });
          feedReads += 1;
        } catch (error) {
          if (!(error instanceof PlatformRefusal || error instanceof PlatformSilent)) throw error;
          feedFailures += 1;
        }
        await sleep(300);
      }
    };
    // A person repairing meanwhile, through the same faults: a transfer still pending at its
    // second look (its call long over) is settled from the platform's record, as if 31 s later.
    const repairs: Record<string, number> = {};
    const wallet = (await gw.db.one<{ id: bigint }>(sql`SELECT id FROM accounts WHERE site_id = ${siteId} AND kind = 'wallet'`))!;
    const operator = { accountId: String(wallet.id), login: 'game-wallet', subAccountId: null, ip: '' };
    const repairer = async () => {
      let seen = new Set<string>();
      while (Date.now() < until) {
        await sleep(1_000);
        const pending = await gw.db.rows<{ transfer_id: string }>(sql`SELECT transfer_id FROM (${pendingTransfers(siteId)}) p`);
        for (const { transfer_id: transferId } of pending.filter((row) => seen.has(row.transfer_id))) {
          const now = new Date(gw.clock.now().getTime() + REPAIR_AFTER_MS + 1_000);
          let result: string;
          try {
            result = (await repairTransfer(gw.db, platformFor, { siteId, transferId, operator, now })).state;
          } catch (error) {
            if (!(error instanceof RpcError)) throw error;
            result = `refused ${error.code}`;
          }
          repairs[result] = (repairs[result] ?? 0) + 1;
        }
        seen = new Set(pending.map((row) => row.transfer_id));
      }
    };
    await Promise.all([...Array.from({ length: WORKERS }, (_, n) => worker(n)), feed(), repairer()]);

    // Faults off, and an ordinary timeout: what is left in flight ends, then play is paused.
    proxy.setFaults({});
    adapter = httpPlatform({ baseUrl: proxy.url, keyId: KEY_ID, secret: SECRET });
    for (let wait = 0; wait < 50 && proxy.inFlight() > 0; wait++) await sleep(100);
    expect(proxy.inFlight()).toBe(0);
    await gw.db.run(sql`UPDATE accounts SET bet_paused = true WHERE id = ANY (${idList})`);
    expect(await sendPlatformPushes(gw.db, platformFor, gw.clock.now())).toMatchObject({ failed: 0 });
    const seated = async () => (await adapter.lobby({ siteId, now: new Date() })).players;
    for (let wait = 0; wait < 60 && (await seated()) > 0; wait++) await sleep(250);
    expect(await seated()).toBe(0);

    // The repair, once the transfers are old enough for the job, until nothing is pending.
    const pendingCount = async () =>
      Number((await gw.db.one<{ n: number }>(sql`SELECT count(*)::int AS n FROM (${pendingTransfers(siteId)}) p`))!.n);
    const pendingBefore = await pendingCount();
    gw.clock.advance(REPAIR_JOB_AFTER_MS + 1_000);
    for (let round = 0; round < 5 && (await pendingCount()) > 0; round++) await repairStaleTransfers(gw.db, platformFor, gw.clock.now());
    expect(await pendingCount()).toBe(0);
    // The feed to its end.
    while ((await ingestPlatformFeed(gw.db, platformFor, gw.clock.now(), { siteId })) > 0);

    // The platform's feed read whole (every bet of the run, as the platform published it), and both sides' books.
    const { platformBets, storedBets, members: books } = await runBooks(gw.db, adapter, siteId, members, started);
    // Every bet stored once, and exactly the platform's.
    expect(platformBets.size).toBeGreaterThan(0);
    expect(new Set(storedBets.map((b) => b.order_id)).size).toBe(storedBets.length);
    expect(storedBets.map((b) => b.order_id).sort()).toEqual([...platformBets.keys()].sort());
    for (const bet of storedBets) {
      expect({ status: bet.status, winLoss: BigInt(bet.win_loss) }).toEqual({
        status: platformBets.get(bet.order_id)!.status,
        winLoss: platformBets.get(bet.order_id)!.winLoss,
      });
    }

    // No point lost or made: per member, what it has here and there is what it started with and what its bets won or lost.
    expect(books.filter((b) => b.here + b.there !== b.start + b.won)).toEqual([]);
    // Points did move: some members hold points at the platform, and they played.
    expect(books.some((b) => b.there > 0n)).toBe(true);

    const report = await checkLedger(gw.db, { siteId });
    expect(report.checks.filter((c) => !c.ok).map((c) => `${c.name}: ${c.detail}`)).toEqual([]);

    const counts = proxy.counts();
    console.log(
      `Faults on the wire (seed "${SEED}", ${PLAY_MS / 1000} s, ${proxy.calls().received} calls, ${proxy.calls().forwarded} forwarded):`,
    );
    console.table(counts);
    console.table(outcomes);
    console.log('repairs while faults were on:', repairs);
    console.log(
      `feed reads ${feedReads} (${feedFailures} failed), bets ${storedBets.length}, transfers pending before the repair ${pendingBefore}`,
    );
    // Each kind happened, so the checks above could have failed for it.
    for (const kind of faultKinds) expect(counts[kind], kind).toBeGreaterThan(0);
    expect(outcomes.in.done).toBeGreaterThan(0);
    expect(outcomes.out.done).toBeGreaterThan(0);
    expect(pendingBefore).toBeGreaterThan(0);
  }, 90_000);
});

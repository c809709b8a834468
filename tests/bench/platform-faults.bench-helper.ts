import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from '../../server/kernel/db/sql';
import { z } from 'zod';
import { BACK_OFFICE_PLATFORM_PREFIX, backOfficeCalls, platformRefusalSchema } from '../../contract/platform-api.contract';
import { openDatabase, type Database } from '../../server/kernel/db/database';
import { ingestPlatformFeed } from '../../server/games/feed-ingest';
import type { GamePlatform } from '../../server/platform/game-platform';
import { httpPlatform } from '../../server/platform/http-platform';
import { sendPlatformPushes } from '../../server/games/platform-pushes';
import { seededRandom } from '../../server/game-rules/seeded-random';
import { signRequest } from '../../server/platform/request-signature';
import { pendingTransfers, repairStaleTransfers, REPAIR_JOB_AFTER_MS } from '../../server/points/game-transfers';
import { checkLedger } from '../../server/points/ledger-check';
import { setPlatform } from '../../server/sites/site-admin.service';
import { faultKinds, startFaultProxy, type FaultKind, type FaultProxy } from '../support/fault-proxy';
import { faultRunMembers, idArray, queuePlayRules, runBooks } from '../support/fault-run';
import { startGatewayProcess, type GatewayProcess } from '../support/gateway-process';
import { startPlatformProcess, type PlatformProcess } from '../support/platform-process';
import { secretFile } from '../support/secret-file';
import { createBenchDatabase } from './postgres.bench-helper';
import { freePort } from './server-process.bench-helper';

/**
 * The long version of the faults on the wire (the short one is
 * tests/gateway/platform-faults.test.ts): the back office as a gateway process, killed (SIGKILL)
 * and started again FAULT_BENCH_KILLS times, its site on the standalone platform process behind
 * the fault proxy. Clients play the platform's lobby: members' transfers in and out, signed, to
 * the gateway's /api/platform/lobby/transfers, whatever state the gateway is in. The gateway's
 * own background work sends the pushes, reads the feed and runs the repair job, through the
 * faults and the kills. Then the faults stop, play is paused, the gateway stops, the repair
 * settles what is pending, the feed is read to its end, and the books are checked as the test does.
 */

export const FAULT_BENCH_KILLS = Number(process.env.FAULT_BENCH_KILLS ?? 50);
const SEED = process.env.FAULT_SEED ?? 'faults-on-the-wire-bench';
const KEY_ID = 'bo-faults-bench';
const SECRET = 'the-site-secret-of-the-faults-on-the-wire-bench';
const SITE = 'demo';
/** Many members: one whose transfer a kill left pending waits for the repair job (a minute or more), the others go on. */
const MEMBERS = 200;
const MIN_MEMBERS = 20;
const CLIENTS = 8;
/** The gateway's adapter waits 5 s (its default): a late answer comes after that. */
const LATE_MS = 5_500;
const FAULTS = Object.fromEntries(faultKinds.map((kind) => [kind, 0.02]));

export interface FaultBenchResult {
  seconds: number;
  members: number;
  kills: number;
  calls: { received: number; forwarded: number };
  faults: Record<FaultKind, number>;
  /** Lobby transfers by what the clients got: a state, a refusal's code, or no answer. */
  lobby: Record<string, number>;
  /** Transfers the repair job settled during the run (the gateway's own runs not counted). */
  repairedDuringRun: number;
  pendingBeforeRepair: number;
  bets: number;
  checks: { name: string; ok: boolean; detail: string }[];
}

/** One lobby transfer, signed as the platform would sign it; answers what came back. */
async function lobbyTransfer(gatewayUrl: string, input: { requestId: string; memberId: string; type: 'in' | 'out'; amount: bigint }) {
  const definition = backOfficeCalls.lobbyTransfer;
  const body = JSON.stringify(z.encode(definition.request, { siteId: SITE, ...input }));
  const path = BACK_OFFICE_PLATFORM_PREFIX + definition.path;
  try {
    const response = await fetch(gatewayUrl + path, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...signRequest({ keyId: KEY_ID, secret: SECRET, method: 'POST', path, body, now: new Date() }),
      },
      body,
      signal: AbortSignal.timeout(15_000),
    });
    const json = (await response.json()) as unknown;
    if (response.status === 200) return (json as { state: string }).state;
    const refusal = platformRefusalSchema.safeParse(json);
    return refusal.success ? `refused ${refusal.data.code}` : `HTTP ${response.status}`;
  } catch {
    // The gateway down, or killed while it served the transfer.
    return 'no answer';
  }
}

export async function benchPlatformFaults(adminUrl: string): Promise<FaultBenchResult> {
  const boDatabase = await createBenchDatabase(adminUrl);
  const platformDatabase = await createBenchDatabase(adminUrl);
  const port = await freePort();
  const gatewayEnv = { DATABASE_URL: boDatabase.url, DEMO: 'on', SIM_RATE: '0', PORT: String(port) };
  let gateway: GatewayProcess | null = null;
  let platform: PlatformProcess | null = null;
  let proxy: FaultProxy | null = null;
  let db: Database | null = null;
  try {
    // The first start seeds the demo (its members and their points); the later ones find it.
    gateway = await startGatewayProcess(gatewayEnv);
    platform = await startPlatformProcess(
      [
        '--port',
        '0',
        '--back-office',
        gateway.url,
        '--key-id',
        KEY_ID,
        '--secret-file',
        secretFile(SECRET),
        '--seed',
        SEED,
        '--rate',
        '3000',
      ],
      { PLATFORM_DATABASE_URL: platformDatabase.url },
    );
    proxy = await startFaultProxy({ target: platform.url, seed: SEED, lateMs: LATE_MS });
    db = await openDatabase({ kind: 'postgres', url: boDatabase.url, poolSize: 4 });
    const now = () => new Date();
    // The platform's books read directly (the lobby's view), and through the proxy (the back office's).
    const books: GamePlatform = httpPlatform({ baseUrl: platform.url, keyId: KEY_ID, secret: SECRET });
    const wire: GamePlatform = httpPlatform({ baseUrl: proxy.url, keyId: KEY_ID, secret: SECRET });

    await setPlatform(db, SITE, { kind: 'http', url: proxy.url, keyId: KEY_ID, secret: SECRET }, now());
    const members = await faultRunMembers(db, SITE, MEMBERS);
    if (members.length < MIN_MEMBERS) throw new Error(`only ${members.length} members with points in the demo`);
    const idList = idArray(members);
    // Slots only (their spins settle at once), and the members and their lines known to the platform.
    await queuePlayRules(db, SITE, members, now());
    const pushed = await sendPlatformPushes(db, () => wire, now());
    if (pushed.failed > 0) throw new Error('the pushes before the run failed');
    const started = new Date();

    proxy.setFaults(FAULTS);
    const lobby: Record<string, number> = {};
    let kills = 0;
    let running = true;
    let serial = 0;
    const client = async (n: number) => {
      const random = seededRandom(SEED, 'client', n);
      while (running) {
        const member = members[random.below(members.length)]!;
        const type = random.below(3) === 0 ? 'out' : 'in';
        let amount = BigInt(1_000 * (2 + random.below(19)));
        if (type === 'out') {
          const there = await books.balance({ siteId: SITE, memberId: member.id }).catch(() => 0n);
          if (there === 0n) {
            await sleep(50);
            continue;
          }
          amount = there - BigInt(random.below(Number(there)));
        }
        const outcome = await lobbyTransfer(gateway!.url, { requestId: `FB-${n}-${++serial}`, memberId: member.id, type, amount });
        lobby[outcome] = (lobby[outcome] ?? 0) + 1;
        if (outcome === 'no answer') await sleep(200);
      }
    };
    // The soak (docs/operations.md, "Capacity"): the books checked after every kill, while play
    // goes on.
    const ledgerAfterKills: string[] = [];
    const killer = async () => {
      const random = seededRandom(SEED, 'kills', 0);
      while (kills < FAULT_BENCH_KILLS) {
        await sleep(1_000 + random.below(3_000));
        await gateway!.stop('SIGKILL');
        kills += 1;
        const ledgerNow = await checkLedger(db!, { siteId: SITE });
        for (const c of ledgerNow.checks.filter((c) => !c.ok)) ledgerAfterKills.push(`kill ${kills}: ${c.name}: ${c.detail}`);
        gateway = await startGatewayProcess(gatewayEnv);
      }
      running = false;
    };
    // A gateway up a few seconds at a time never reaches its repair job's first run: the job runs
    // here too, as another gateway process would (through the faults), so members with a
    // transfer left pending by a kill move points again once it is settled.
    const repairs = { settled: 0, runs: 0 };
    const repairer = async () => {
      while (running) {
        await sleep(5_000);
        repairs.settled += await repairStaleTransfers(db!, () => wire, now());
        repairs.runs += 1;
      }
    };
    const runStarted = performance.now();
    await Promise.all([killer(), repairer(), ...Array.from({ length: CLIENTS }, (_, n) => client(n))]);
    const seconds = (performance.now() - runStarted) / 1000;

    // Faults off; play paused (the gateway sends the pushes); everyone standing, the gateway stops.
    proxy.setFaults({});
    for (let wait = 0; wait < 100 && proxy.inFlight() > 0; wait++) await sleep(100);
    await db.run(sql`UPDATE accounts SET bet_paused = true WHERE id = ANY (${idList})`);
    let seated = -1;
    for (let wait = 0; wait < 120; wait++) {
      seated = (await books.lobby({ siteId: SITE, now: now() })).players;
      if (seated === 0) break;
      await sleep(500);
    }
    await gateway.stop('SIGINT');
    gateway = null;

    // The repair, as its job would run a few minutes later, until nothing is pending; the feed to its end.
    const pendingCount = async () =>
      Number((await db!.one<{ n: number }>(sql`SELECT count(*)::int AS n FROM (${pendingTransfers(SITE)}) p`))!.n);
    const pendingBeforeRepair = await pendingCount();
    const later = new Date(Date.now() + REPAIR_JOB_AFTER_MS + 60_000);
    for (let round = 0; round < 5 && (await pendingCount()) > 0; round++) await repairStaleTransfers(db, () => wire, later);
    while ((await ingestPlatformFeed(db, () => wire, now(), { siteId: SITE })) > 0);

    const checks: FaultBenchResult['checks'] = [];
    const check = (name: string, ok: boolean, detail: string) => checks.push({ name, ok, detail });
    check('every member standing at the end', seated === 0, `${seated} seated`);
    const pendingAfter = await pendingCount();
    check('nothing pending after the repair', pendingAfter === 0, `${pendingAfter} pending (${pendingBeforeRepair} before)`);

    const { platformBets, storedBets: stored, members: sides } = await runBooks(db, books, SITE, members, started);
    const storedIds = new Set(stored.map((bet) => bet.order_id));
    check('every bet stored once', storedIds.size === stored.length, `${stored.length} rows, ${storedIds.size} bets`);
    const differing = stored.filter((bet) => {
      const published = platformBets.get(bet.order_id);
      return !published || published.status !== bet.status || published.winLoss !== BigInt(bet.win_loss);
    });
    const missing = [...platformBets.keys()].filter((id) => !storedIds.has(id));
    check(
      "the back office's bets are the platform's feed",
      differing.length === 0 && missing.length === 0,
      `${platformBets.size} published, ${missing.length} missing, ${differing.length} differing`,
    );

    const off = sides.filter((b) => b.here + b.there !== b.start + b.won);
    const drift = off.reduce((sum, b) => sum + b.here + b.there - (b.start + b.won), 0n);
    check(
      'no point lost or made (here + there = start + bets won)',
      off.length === 0,
      `${off.length} members off, ${drift} cents made (negative: lost)`,
    );
    check(
      `ledger check after each of the ${kills} kills`,
      ledgerAfterKills.length === 0,
      ledgerAfterKills.slice(0, 3).join('; ') || 'passed every time',
    );
    const ledger = await checkLedger(db, { siteId: SITE });
    const failed = ledger.checks.filter((c) => !c.ok);
    check('ledger check', failed.length === 0, failed.map((c) => `${c.name}: ${c.detail}`).join('; ') || 'passed');

    return {
      seconds,
      members: members.length,
      kills,
      calls: proxy.calls(),
      faults: proxy.counts(),
      lobby,
      repairedDuringRun: repairs.settled,
      pendingBeforeRepair,
      bets: stored.length,
      checks,
    };
  } finally {
    await gateway?.stop('SIGKILL');
    await proxy?.close();
    await platform?.stop('SIGTERM');
    await db?.close();
    await boDatabase.drop();
    await platformDatabase.drop();
  }
}

import type { AddressInfo } from 'node:net';
import { sql } from '../../server/kernel/db/sql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../contract/errors.contract';
import { withFaults, type Fault, type GamePlatform, type PlatformFor } from '../../server/platform/game-platform';
import { httpPlatform } from '../../server/platform/http-platform';
import { REPAIR_AFTER_MS, transferIn, transferOut } from '../../server/points/game-transfers';
import { checkLedger } from '../../server/points/ledger-check';
import { RpcError } from '../../server/kernel/rpc-error';
import { platformApiServer } from '../../server/simulator/platform-server';
import { simulatorPlatform } from '../../server/simulator/simulator-platform';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { startTestGateway, type TestGateway } from '../support/test-gateway';

// The back office's transfers and their repair, as transfer-methods.test.ts runs them in
// process, here through the HTTP adapter to the simulator served over HTTP with its books in a
// database of its own.
const KEY_ID = 'bo-demo';
const SECRET = 'the demo site secret for the transfer tests';
let gw: TestGateway;
let platformDb: TestDatabase;
let server: ReturnType<typeof platformApiServer>;
let books: GamePlatform;
let adapter: GamePlatform;
const faults: Fault[] = [];
/** Whether the next transfer's answer is garbled on its way back (after the platform applied it). */
let garbleNext = false;
const platformFor: PlatformFor = () => withFaults(adapter, faults);
let seq = 0;
const nextId = () => `H${++seq}`;

beforeAll(async () => {
  platformDb = await createTestDatabase();
  books = simulatorPlatform(platformDb.db);
  gw = await startTestGateway({ captcha: false, platformFor, jobs: { run: false } });
  server = platformApiServer({ platform: books, keys: (keyId) => (keyId === KEY_ID ? SECRET : null), db: platformDb.db, clock: gw.clock });
  await server.listen({ port: 0, host: '127.0.0.1' });
  const garbling: typeof fetch = async (input, init) => {
    const answer = await fetch(input, init);
    if (!garbleNext) return answer;
    garbleNext = false;
    await answer.text();
    return new Response('<html>502 from a proxy, status 200</html>', { status: 200 });
  };
  adapter = httpPlatform({
    baseUrl: `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    keyId: KEY_ID,
    secret: SECRET,
    now: () => gw.clock.now(),
    fetch: garbling,
  });
});
afterAll(async () => {
  await gw?.close();
  await server?.close();
  await platformDb?.close();
});

const later = () => gw.clock.advance(REPAIR_AFTER_MS + 1_000);
async function balanceOf(id: string) {
  return BigInt((await gw.db.one<{ balance: string | number }>(sql`SELECT balance FROM accounts WHERE id = ${id}`))!.balance);
}
async function stateOf(transferId: string) {
  return (await gw.db.one<{ state: string }>(sql`SELECT state FROM score_log WHERE transfer_id = ${transferId} AND type = 'in'`))?.state;
}
async function ledgerFailures() {
  const report = await checkLedger(gw.db, { siteId: 'demo' });
  return report.checks.filter((check) => !check.ok && !check.name.startsWith('pending transfers')).map((check) => check.name);
}
async function codeOf(work: Promise<unknown>) {
  try {
    await work;
  } catch (error) {
    if (error instanceof RpcError) return error.code;
    throw error;
  }
  return 'no error';
}

describe('transfers through the HTTP platform', () => {
  it('moves points in and out; the member, the platform books and the ledger agree; too much out is 37112', async () => {
    const member = await gw.accountId('mb01010102001');
    const before = await balanceOf(member);
    const move = { siteId: 'demo', memberId: member, now: gw.clock.now() };
    expect(await transferIn(gw.db, platformFor, { ...move, amount: 30_000, transferId: nextId() })).toMatchObject({ state: 'done' });
    expect(await books.balance(move)).toBe(30_000n);
    expect(await codeOf(transferOut(gw.db, platformFor, { ...move, amount: 30_001, transferId: nextId() }))).toBe(
      ErrorCode.platformBalanceLow,
    );
    expect(await transferOut(gw.db, platformFor, { ...move, amount: 30_000, transferId: nextId() })).toMatchObject({ state: 'done' });
    expect(await books.balance(move)).toBe(0n);
    expect(await balanceOf(member)).toBe(before);
    expect(await ledgerFailures()).toEqual([]);
  });

  it('repairs lost answers from the record of the id: applied -> done, never seen -> voided there and reversed here', async () => {
    const admin = await gw.sessionFor('admin');
    const member = await gw.accountId('mb01010102002');
    const before = await balanceOf(member);
    faults.push({ call: 'transferIn', when: 'after' });
    const applied = nextId();
    expect(
      await transferIn(gw.db, platformFor, { siteId: 'demo', memberId: member, amount: 4_000, transferId: applied, now: gw.clock.now() }),
    ).toMatchObject({ state: 'pending' });
    // Another member: a member has one unsettled transfer at a time.
    const other = await gw.accountId('mb01010101002');
    const otherBefore = await balanceOf(other);
    faults.push({ call: 'transferIn', when: 'before' });
    const lost = nextId();
    await transferIn(gw.db, platformFor, { siteId: 'demo', memberId: other, amount: 1_000, transferId: lost, now: gw.clock.now() });
    later();
    expect(await gw.rpc('gw.credit.transfer.repair', { opsId: admin, transferId: applied })).toMatchObject({ state: 'done' });
    expect(await gw.rpc('gw.credit.transfer.repair', { opsId: admin, transferId: lost })).toMatchObject({ state: 'reversed' });
    expect(await books.queryTransfer({ siteId: 'demo', transferId: lost })).toMatchObject({ state: 'void' });
    expect(await books.balance({ siteId: 'demo', memberId: member })).toBe(4_000n);
    expect(await balanceOf(member)).toBe(before - 4_000n);
    expect(await books.balance({ siteId: 'demo', memberId: other })).toBe(0n);
    expect(await balanceOf(other)).toBe(otherBefore);
    expect(await ledgerFailures()).toEqual([]);
  });

  it('leaves a transfer whose answer came back garbled pending (never reversed), and the repair finds it applied', async () => {
    const admin = await gw.sessionFor('admin');
    const member = await gw.accountId('mb01010102003');
    const before = await balanceOf(member);
    garbleNext = true;
    const transferId = nextId();
    expect(
      await transferIn(gw.db, platformFor, { siteId: 'demo', memberId: member, amount: 2_500, transferId, now: gw.clock.now() }),
    ).toMatchObject({ state: 'pending' });
    expect(await stateOf(transferId)).toBe('pending');
    later();
    expect(await gw.rpc('gw.credit.transfer.repair', { opsId: admin, transferId })).toMatchObject({ state: 'done' });
    expect(await books.balance({ siteId: 'demo', memberId: member })).toBe(2_500n);
    expect(await balanceOf(member)).toBe(before - 2_500n);
    expect(await ledgerFailures()).toEqual([]);
  });
});

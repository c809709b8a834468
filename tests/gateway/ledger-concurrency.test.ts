/**
 * The ledger under concurrent load through the HTTP gateway, in one process on the engine of the
 * run: 8 concurrent clients send 1,500 random score ups and downs over the demo tree (one hot
 * parent with 40 of its children taking half of the load), 10 % of the requests replayed with
 * their key; then the ledger check, and exactly-once for every acknowledged request
 * (tests/support/score-load.ts). The same load over two gateway processes, one of them killed
 * with SIGKILL three times while members play, is a bench part (`npm run bench -- kill`).
 *
 * Repeat a run with LOAD_SEED=<seed printed>.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { balances, LoadRecord, loadPairs, makeOps, runLoad, seededRandom, summary, verifyRun, LOAD_CLIENTS } from '../support/score-load';
import { testDatabaseKind } from '../support/test-database';
import { startTestGateway, type TestGateway } from '../support/test-gateway';

const HOT_PARENT = 'ag01010101';
const HOT_CHILDREN = 40;
const seed = Number(process.env.LOAD_SEED ?? Date.now() % 1_000_000);
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe('in one gateway process, concurrent requests', () => {
  let gw: TestGateway;
  cleanups.push(async () => gw?.close());

  it(`keeps the ledger and exactly-once through 1,500 score ups and downs from ${LOAD_CLIENTS} clients, with replays`, async () => {
    gw = await startTestGateway();
    const { pairs, hot } = await loadPairs(gw.db, {
      siteId: 'demo',
      hotParent: HOT_PARENT,
      hotChildren: HOT_CHILDREN,
      now: gw.clock.now(),
    });
    const random = seededRandom(seed + 1);
    const runId = `one${seed}`;
    const ops = makeOps({ pairs, hot, count: 1_500, random, runId });
    const before = await balances(gw.db, 'demo');
    const record = new LoadRecord();
    const startedAt = Date.now();
    await runLoad({ ops, targets: [{ url: gw.url, up: true }], record, random });
    const totals = summary(`${testDatabaseKind()}, 1 process`, record, startedAt, seed);
    console.info(totals.line);
    expect(totals.lost).toBe(0);
    expect(totals.replays / totals.requests).toBeGreaterThanOrEqual(0.08);
    expect(record.acknowledged.length).toBeGreaterThan(ops.length / 2);
    expect(await verifyRun(gw.db, { siteId: 'demo', runId, record, before })).toEqual([]);
  }, 180_000);
});

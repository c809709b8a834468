import { sql } from '../../server/kernel/db/sql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeFeedAnswer, platformCalls, type PlatformAnswer } from '../../contract/platform-api.contract';
import { readFeedWire, simulatorPlatform } from '../../server/simulator/simulator-platform';
import { publish } from '../../server/simulator/simulator-runtime';
import { aBet, feedBet } from '../support/bet-fixture';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// The platform process answers its feed with readFeedWire (each stored row written straight to
// the wire); the embedded platform reads the same rows as objects (readFeed), which the platform
// server would otherwise encode. Both must give the same bytes for every kind of item.
let books: TestDatabase;
const now = new Date('2026-11-28T04:00:00.000Z');

beforeAll(async () => {
  books = await createTestDatabase();
  await books.db.run(sql`DELETE FROM platform_feed`);
  await publish(
    books.db,
    'acme',
    'bet',
    { ...feedBet(aBet('9', { orderId: 'A1', settleTime: null, status: 'unsettled' })), device: 'h5' },
    now,
  );
  await publish(
    books.db,
    'acme',
    'round',
    {
      gameCode: 'baccarat',
      gameId: 'T1',
      round: 'R1',
      startedAt: '2026-11-28T11:59:00+08:00',
      endedAt: '2026-11-28T04:00:00.000Z',
      result: { banker: [1, 2], player: { cards: ['9S'] } },
    },
    now,
  );
  await publish(books.db, 'other', 'bet', feedBet(aBet('10', { orderId: 'B1', winLoss: -2_500 })), now);
  await publish(
    books.db,
    'acme',
    'suggestion',
    {
      suggestionId: 'S1',
      memberId: '9',
      kind: 'complaint',
      title: 'slow',
      content: '<b>the table</b> froze',
      device: 'app',
      sentAt: '2026-11-28T12:00:00+08:00',
    },
    now,
  );
  await publish(books.db, 'acme', 'bet', feedBet(aBet('9', { orderId: 'A2', winLoss: 9_500, settle: 19_500 })), now);
});
afterAll(async () => {
  await books?.close();
});

const firstSeq = async () => (await books.db.one<{ seq: string }>(sql`SELECT min(seq)::text AS seq FROM platform_feed`))!.seq;

describe("the simulator's feed on the wire (readFeedWire)", () => {
  it('writes what encodeFeedAnswer writes of the rows read as objects, for every kind, page and site', async () => {
    const start = String(BigInt(await firstSeq()) - 1n);
    const calls = [
      { after: start, limit: 100 },
      { after: start, limit: 2 },
      { after: String(BigInt(start) + 2n), limit: 100 },
      { after: start, limit: 100, siteId: 'acme' },
      { after: start, limit: 100, siteId: 'other' },
      { after: start, limit: 100, siteId: 'nobody' },
    ];
    const platform = simulatorPlatform(books.db);
    for (const call of calls) {
      const wire = await readFeedWire(books.db, call);
      expect(JSON.stringify(wire), JSON.stringify(call)).toBe(
        JSON.stringify(encodeFeedAnswer({ items: (await platform.readFeed(call)) as PlatformAnswer<'readFeed'>['items'] })),
      );
      // And it is an answer the back office reads.
      expect(platformCalls.readFeed.answer.safeParse(JSON.parse(JSON.stringify(wire))).success).toBe(true);
    }
    const all = await readFeedWire(books.db, calls[0]!);
    expect(all.items.map((item) => item.kind)).toEqual(['bet', 'round', 'bet', 'suggestion', 'bet']);
    expect(JSON.stringify(all)).not.toContain('device":"h5');
    expect(all.items[1]).toMatchObject({ round: { startedAt: '2026-11-28T03:59:00.000Z' } });
    expect(all.items[3]).toMatchObject({ suggestion: { sentAt: '2026-11-28T04:00:00.000Z' } });
    expect(all.items[4]).toMatchObject({ bet: { winLoss: '9500', settle: '19500' } });
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { gameTypes } from './account-fields.contract';
import { devices } from './game.contract';
import { encodeFeedAnswer, platformCalls, type PlatformWireAnswer } from './platform-api.contract';

const schema = platformCalls.readFeed.answer;
const time = fc
  .date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2035-01-01T00:00:00Z'), noInvalidDate: true })
  .map((date) => date.toISOString());
const cents = fc.integer({ min: -1_000_000_000_000, max: 1_000_000_000_000 }).map(String);
const id = fc.bigInt({ min: 1n, max: 999_999_999_999_999_999n }).map(String);
const text = (max: number) => fc.string({ maxLength: Math.min(max, 24) });
const head = { seq: id, siteId: fc.stringMatching(/^[a-z0-9-]{2,12}$/) };

const bet = fc.record({
  orderId: text(64),
  memberId: id,
  betTime: time,
  settleTime: fc.option(time, { nil: null }),
  gameCode: fc.stringMatching(/^[a-z0-9-]{1,12}$/),
  gameType: fc.constantFrom(...gameTypes),
  playType: text(64),
  betCode: text(128),
  gameId: text(64),
  gameName: text(128),
  round: text(64),
  transactionId: text(64),
  status: fc.constantFrom('unsettled', 'settled', 'cancelled', 'resettled'),
  bet: cents,
  validBet: cents,
  settle: cents,
  winLoss: cents,
  jackpot: cents,
  jackpotWon: cents,
  jackpotRake: cents,
  redPacket: cents,
});
const round = fc.record({
  gameCode: fc.stringMatching(/^[a-z0-9-]{1,12}$/),
  gameId: text(64),
  round: text(64),
  startedAt: time,
  endedAt: time,
  // As JSON carries it (JSON has no -0).
  result: fc.dictionary(
    fc.string({ maxLength: 8 }),
    fc.jsonValue({ maxDepth: 2 }).map((value) => JSON.parse(JSON.stringify(value)) as unknown),
  ),
});
const suggestion = fc.record({
  suggestionId: text(64),
  memberId: id,
  kind: fc.constantFrom('suggestion', 'complaint'),
  title: text(200),
  content: text(20_000),
  device: fc.constantFrom(...devices),
  sentAt: time,
});
const item = fc.oneof(
  fc.record({ ...head, kind: fc.constant('bet'), bet }),
  fc.record({ ...head, kind: fc.constant('round'), round }),
  fc.record({ ...head, kind: fc.constant('suggestion'), suggestion }),
);

describe("the feed's answer on the wire", () => {
  it('is written field by field exactly as z.encode of its schema writes it, for every kind of item', () => {
    fc.assert(
      fc.property(fc.array(item, { maxLength: 12 }), (items) => {
        const answer = z.decode(schema, { items } as PlatformWireAnswer<'readFeed'>);
        const fast = encodeFeedAnswer(answer);
        expect(fast).toEqual(z.encode(schema, answer));
        // And it reads back as the same answer.
        expect(z.decode(schema, JSON.parse(JSON.stringify(fast)) as PlatformWireAnswer<'readFeed'>)).toEqual(answer);
      }),
      { numRuns: 200 },
    );
  });

  it("leaves out, as z.encode does, a key the schema does not know (the simulator's bets carry their device)", () => {
    fc.assert(
      fc.property(fc.record({ ...head, kind: fc.constant('bet'), bet }), (wire) => {
        const answer = z.decode(schema, { items: [wire] } as PlatformWireAnswer<'readFeed'>);
        const item = answer.items[0]!;
        if (item.kind !== 'bet') throw new Error('a bet was generated');
        const withDevice: typeof answer = { items: [{ ...item, bet: Object.assign({ ...item.bet }, { device: devices[0] }) }] };
        expect(encodeFeedAnswer(withDevice)).toEqual(z.encode(schema, withDevice));
        expect(JSON.stringify(encodeFeedAnswer(withDevice))).not.toContain('device');
      }),
      { numRuns: 50 },
    );
  });

  it('writes the bet amounts as decimal strings and the times in UTC', () => {
    const answer = z.decode(schema, {
      items: [
        {
          seq: '7',
          siteId: 'acme',
          kind: 'suggestion',
          suggestion: {
            suggestionId: 's1',
            memberId: '9',
            kind: 'complaint',
            title: 't',
            content: 'c',
            device: devices[0],
            sentAt: '2026-11-28T08:00:00+08:00',
          },
        },
      ],
    } as PlatformWireAnswer<'readFeed'>);
    expect(encodeFeedAnswer(answer).items[0]).toMatchObject({ suggestion: { sentAt: '2026-11-28T00:00:00.000Z' } });
  });
});

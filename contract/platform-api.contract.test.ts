import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { gameTypes } from './account-fields.contract';
import { devices } from './game.contract';
import { decodeFeedAnswer, encodeFeedAnswer, FEED_READ_MAX, platformCalls, type PlatformWireAnswer } from './platform-api.contract';

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

/** What zod's own reading of the answer gives: the answer, or null where it fails. */
const zodRead = (json: unknown) => {
  const read = schema.safeParse(json);
  return read.success ? read.data : null;
};
const fastRead = (json: unknown) => {
  const read = decodeFeedAnswer(json);
  return read.success ? read.data : null;
};

/** Values that break one field or another: wrong types, sizes, patterns, dates and enums. */
const badValues: unknown[] = [
  undefined,
  null,
  0,
  12.5,
  true,
  {},
  [],
  '',
  ' 1',
  'x'.repeat(129),
  '0',
  '007',
  '-0',
  '1e3',
  '12345678901234567890',
  '9007199254740993',
  '-9007199254740993',
  '2026-02-30T00:00:00Z',
  '2026-11-28 00:00:00Z',
  '2026-11-28T00:00:00',
  '2026-11-28T24:00:00Z',
  'BACCARAT',
  'live ',
  'settled!',
  'pc ',
];

/** A copy of a wire item with one key of it (or of its body) given `value`, or dropped. */
function mutate(item: Record<string, unknown>, body: boolean, pick: number, value: unknown, drop: boolean) {
  const copy = structuredClone(item);
  const target = body ? (copy[copy.kind as string] as Record<string, unknown>) : copy;
  const keys = Object.keys(target);
  const key = keys[pick % keys.length]!;
  if (drop) delete target[key];
  else target[key] = value;
  return copy;
}

describe("the feed's answer read field by field (decodeFeedAnswer)", () => {
  it('reads a valid page of every kind of item exactly as its schema does', () => {
    fc.assert(
      fc.property(fc.array(item, { maxLength: 12 }), (items) => {
        const json = JSON.parse(JSON.stringify({ items })) as unknown;
        const fast = fastRead(json);
        expect(fast).not.toBeNull();
        expect(fast).toEqual(zodRead(json));
      }),
      { numRuns: 200 },
    );
  });

  it('fails wherever its schema fails: every field of every kind of item, dropped or given each bad value', () => {
    let refused = 0;
    let cases = 0;
    for (const kind of ['bet', 'round', 'suggestion']) {
      const samples = fc.sample(
        item.filter((one) => one.kind === kind),
        { numRuns: 3, seed: 7 },
      ) as Record<string, unknown>[];
      for (const sample of samples) {
        for (const body of [false, true]) {
          const keys = Object.keys(body ? (sample[kind] as object) : sample);
          for (let pick = 0; pick < keys.length; pick++) {
            for (const change of [...badValues.map((value) => ({ value, drop: false })), { value: undefined, drop: true }]) {
              const json = JSON.parse(
                JSON.stringify({ items: [sample, mutate(sample, body, pick, change.value, change.drop)] }),
              ) as unknown;
              const expected = zodRead(json);
              expect(fastRead(json), `${kind} ${body ? 'body ' : ''}${keys[pick]} = ${JSON.stringify(change)}`).toEqual(expected);
              cases += 1;
              if (expected === null) refused += 1;
            }
          }
        }
      }
    }
    // Most changes break the item; some are harmless (a text field given another short text).
    expect(refused).toBeGreaterThan(cases * 0.7);
    expect(refused).toBeLessThan(cases);
  });

  it('leaves out keys the schema does not know, and refuses what is not a page', () => {
    const wire = {
      items: [
        {
          seq: '1',
          siteId: 'acme',
          kind: 'bet',
          extra: 1,
          bet: {
            orderId: 'o1',
            memberId: '9',
            betTime: '2026-11-28T08:00:00+08:00',
            settleTime: null,
            gameCode: 'baccarat',
            gameType: gameTypes[0],
            playType: 'p',
            betCode: 'b',
            gameId: 'g',
            gameName: 'n',
            round: 'r',
            transactionId: 't',
            status: 'unsettled',
            bet: '100',
            validBet: '0',
            settle: '0',
            winLoss: '-100',
            jackpot: '0',
            jackpotWon: '0',
            jackpotRake: '0',
            redPacket: '0',
            device: devices[0],
          },
        },
      ],
    };
    const read = fastRead(wire);
    expect(read).toEqual(zodRead(wire));
    expect(read?.items[0]).not.toHaveProperty('extra');
    expect(read?.items[0]).toMatchObject({ bet: { betTime: new Date('2026-11-28T00:00:00Z'), winLoss: -100 } });
    expect(JSON.stringify(read)).not.toContain('device');
    for (const notAPage of [
      null,
      [],
      'items',
      { items: {} },
      { items: [null] },
      { items: [{ kind: 'bet' }] },
      { items: [{ seq: '1', siteId: 'acme', kind: 'spin' }] },
    ]) {
      expect(fastRead(notAPage)).toBeNull();
      expect(zodRead(notAPage)).toBeNull();
    }
    const tooMany = { items: Array.from({ length: FEED_READ_MAX + 1 }, () => wire.items[0]) };
    expect(fastRead(tooMany)).toBeNull();
    expect(zodRead(tooMany)).toBeNull();
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dragonTigerRound, settleDragonTiger, TIE_ODDS, type DragonTigerResult } from './dragon-tiger.rules';
import type { Card } from './playing-cards';
import { seededRandom } from './seeded-random';

const card = (rank: number, suit: Card['suit'] = 'S'): Card => ({ rank, suit });
const result = (dragon: number, tiger: number): DragonTigerResult => ({
  dragon: card(dragon),
  tiger: card(tiger, 'H'),
  winner: dragon > tiger ? 'dragon' : tiger > dragon ? 'tiger' : 'tie',
});

describe('dragon tiger', () => {
  it('has the published edges of an 8-deck shoe: 3.73 % on dragon or tiger, 32.77 % on tie', () => {
    // All 416 x 415 ordered pairs of cards, by rank (32 cards of each rank).
    let dragonReturn = 0;
    let tieReturn = 0;
    for (let dragon = 1; dragon <= 13; dragon++)
      for (let tiger = 1; tiger <= 13; tiger++) {
        const ways = 32 * (dragon === tiger ? 31 : 32);
        dragonReturn += ways * settleDragonTiger('dragon', 2, result(dragon, tiger))!;
        tieReturn += ways * settleDragonTiger('tie', 2, result(dragon, tiger))!;
      }
    const deals = 416 * 415 * 2;
    expect(1 - dragonReturn / deals).toBeCloseTo(0.037349, 5);
    expect(1 - tieReturn / deals).toBeCloseTo(0.327711, 5);
  });

  it('pays 1:1 to the higher card, half back to both sides on a tie, 8:1 on the tie', () => {
    expect(settleDragonTiger('dragon', 1000, result(13, 1))).toBe(2000);
    expect(settleDragonTiger('tiger', 1000, result(13, 1))).toBe(0);
    expect(settleDragonTiger('dragon', 1001, result(5, 5))).toBe(500);
    expect(settleDragonTiger('tie', 100, result(5, 5))).toBe(100 * (TIE_ODDS + 1));
    for (const code of ['Dragon', 'dragon:1', 'big', '']) expect(settleDragonTiger(code, 100, result(2, 3)), code).toBeNull();
    fc.assert(
      fc.property(fc.nat({ max: 100_000 }), fc.integer({ min: 1, max: 10_000_000 }), (round, stake) => {
        const drawn = dragonTigerRound(seededRandom('test', 'DT-01', round));
        expect(drawn.winner).toBe(drawn.dragon.rank > drawn.tiger.rank ? 'dragon' : drawn.tiger.rank > drawn.dragon.rank ? 'tiger' : 'tie');
        const paid = ['dragon', 'tiger', 'tie'].map((code) => settleDragonTiger(code, stake, drawn));
        if (drawn.winner === 'tie') expect(paid).toEqual([Math.floor(stake / 2), Math.floor(stake / 2), stake * 9]);
        else expect(paid).toEqual(drawn.winner === 'dragon' ? [2 * stake, 0, 0] : [0, 2 * stake, 0]);
      }),
    );
  });
});

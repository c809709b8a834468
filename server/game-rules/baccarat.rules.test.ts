import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  baccaratRound,
  bankerDraws,
  handPoints,
  PAIR_ODDS,
  playCoup,
  settleBaccarat,
  TIE_ODDS,
  type BaccaratResult,
} from './baccarat.rules';
import { dealer, SHOE_SIZE, type Card } from './playing-cards';
import { seededRandom } from './seeded-random';

const card = (rank: number, suit: Card['suit'] = 'S'): Card => ({ rank, suit });
/** A coup dealt from these ranks in order (player, banker, player, banker, thirds). */
const coup = (...ranks: number[]) => {
  const cards = ranks.map((rank) => card(rank));
  return playCoup(() => {
    const next = cards.shift();
    if (!next) throw new Error('the coup asked for more cards than given');
    return next;
  });
};

describe('baccarat', () => {
  it('counts tens and faces as 0 and keeps the last digit', () => {
    expect(handPoints([card(13), card(9)])).toBe(9);
    expect(handPoints([card(7), card(8)])).toBe(5);
    expect(handPoints([card(1), card(10), card(12)])).toBe(1);
  });

  it('stops on a natural, draws the player on 0-5, and the banker by its tableau', () => {
    // Player 8 (natural): nobody draws, even a banker on 0.
    expect(coup(4, 10, 4, 10)).toMatchObject({ playerPoints: 8, bankerPoints: 0, winner: 'player' });
    expect(coup(4, 10, 4, 10).banker).toHaveLength(2);
    // Player stands on 6, banker on 5 draws (as if the player had stood: 0-5).
    const stood = coup(3, 2, 3, 3, 1);
    expect([stood.player.length, stood.banker.length, stood.bankerPoints]).toEqual([2, 3, 6]);
    // Banker on 3 does not draw against a player's third 8.
    const three = coup(2, 1, 2, 2, 8);
    expect([three.player.length, three.banker.length, three.playerPoints, three.bankerPoints]).toEqual([3, 2, 2, 3]);
    // Banker on 6 draws against a player's third 6 or 7 only.
    expect(coup(1, 3, 2, 3, 6, 2).banker).toHaveLength(3);
    expect(coup(1, 3, 2, 3, 5).banker).toHaveLength(2);
    // Banker on 7 stands.
    expect(coup(1, 3, 1, 4, 2).banker).toHaveLength(2);
    // Pairs are the first two cards of a hand.
    expect(coup(9, 10, 9, 13)).toMatchObject({ playerPair: true, bankerPair: false, winner: 'player' });
  });

  it('has the tableau of the banker', () => {
    const draws = (total: number) => [null, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((third) => bankerDraws(total, third));
    expect(draws(2).every(Boolean)).toBe(true);
    expect(draws(3)).toEqual([true, true, true, true, true, true, true, true, true, false, true]);
    expect(draws(4)).toEqual([true, false, false, true, true, true, true, true, true, false, false]);
    expect(draws(5)).toEqual([true, false, false, false, false, true, true, true, true, false, false]);
    expect(draws(6)).toEqual([false, false, false, false, false, false, false, true, true, false, false]);
    expect(draws(7).some(Boolean)).toBe(false);
  });

  it('has the published odds of an 8-deck shoe: banker edge 1.06 %, player 1.24 %, tie 14.36 %', () => {
    // Every way the coup can go, dealt card by card from the shoe's values (0 stands for the 128
    // tens and faces), each weighted by its chance given the cards already out.
    const left: number[] = Array.from({ length: 10 }, (_, value) => (value === 0 ? 128 : 32));
    const chances = { player: 0, banker: 0, tie: 0 };
    const walk = (dealt: number[], weight: number, out: number) => {
      let next = 0;
      let short = false;
      let result: BaccaratResult | undefined;
      try {
        result = playCoup(() => {
          if (next === dealt.length) {
            short = true;
            throw new Error('needs another card');
          }
          const value = dealt[next++]!;
          return card(value === 0 ? 10 : value);
        });
      } catch (error) {
        if (!short) throw error;
      }
      if (result) {
        chances[result.winner] += weight;
        return;
      }
      for (let value = 0; value < 10; value++) {
        if (left[value] === 0) continue;
        const chance = left[value]! / (416 - out);
        left[value]!--;
        walk([...dealt, value], weight * chance, out + 1);
        left[value]!++;
      }
    };
    walk([], 1, 0);
    expect(chances.player + chances.banker + chances.tie).toBeCloseTo(1, 9);
    // The house edges every baccarat table publishes for 8 decks.
    expect(-(chances.banker * 0.95 - chances.player)).toBeCloseTo(0.010579, 5);
    expect(-(chances.player - chances.banker)).toBeCloseTo(0.012351, 5);
    expect(-(chances.tie * TIE_ODDS - (chances.player + chances.banker))).toBeCloseTo(0.143596, 5);
  });

  it('pays stake x (odds + 1), returns player and banker bets on a tie, and takes 5 % of a banker win rounded down', () => {
    fc.assert(
      fc.property(fc.nat({ max: 100_000 }), fc.integer({ min: 1, max: 10_000_000 }), (round, stake) => {
        const result = baccaratRound(seededRandom('test', 'BAC-01', round));
        const player = settleBaccarat('player', stake, result)!;
        const banker = settleBaccarat('banker', stake, result)!;
        const tie = settleBaccarat('tie', stake, result)!;
        if (result.winner === 'tie') {
          expect([player, banker, tie]).toEqual([stake, stake, stake * (TIE_ODDS + 1)]);
        } else {
          expect(player).toBe(result.winner === 'player' ? 2 * stake : 0);
          expect(banker).toBe(result.winner === 'banker' ? stake + Math.floor(stake * 0.95 + 1e-9) : 0);
          expect(tie).toBe(0);
        }
        expect(settleBaccarat('playerPair', stake, result)).toBe(result.playerPair ? stake * (PAIR_ODDS + 1) : 0);
        expect(settleBaccarat('bankerPair', stake, result)).toBe(result.bankerPair ? stake * (PAIR_ODDS + 1) : 0);
      }),
    );
    expect(settleBaccarat('banker', 1999, coup(10, 9, 10, 10))).toBe(1999 + 1899);
    for (const code of ['Banker', 'pair', 'player:1', '']) expect(settleBaccarat(code, 100, coup(10, 9, 10, 10)), code).toBeNull();
  });

  it('deals each card of the 8-deck shoe 8 times, and replays a round from its seed', () => {
    const next = dealer(seededRandom('shoe', 'BAC-01', 1));
    const seen = new Map<string, number>();
    for (let i = 0; i < SHOE_SIZE; i++) {
      const { rank, suit } = next();
      seen.set(`${rank}${suit}`, (seen.get(`${rank}${suit}`) ?? 0) + 1);
    }
    expect(seen.size).toBe(52);
    expect([...seen.values()].every((count) => count === 8)).toBe(true);
    const again = (round: number) => JSON.stringify(baccaratRound(seededRandom('demo', 'BAC-02', round)));
    expect(again(7)).toBe(again(7));
    expect(new Set(Array.from({ length: 20 }, (_, round) => again(round))).size).toBeGreaterThan(15);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validBets, type RoundBet } from './valid-bet.rules';

const bet = (betCode: string, stake: number, payout: number): RoundBet => ({ betCode, stake, payout });

describe('valid bet', () => {
  it('counts a loss or an ordinary win whole, a returned bet 0, half lost half, a banker win its 95 %', () => {
    expect(validBets('roulette', [bet('straight:17', 1000, 0), bet('straight:3', 1000, 36_000)])).toEqual([1000, 1000]);
    expect(validBets('baccarat', [bet('player', 1000, 1000), bet('tie', 100, 900)])).toEqual([0, 100]);
    expect(validBets('dragon-tiger', [bet('tiger', 1001, 500)])).toEqual([501]);
    expect(validBets('baccarat', [bet('banker', 1000, 1950)])).toEqual([950]);
    expect(validBets('golden-lotus', [bet('spin', 300, 300), bet('spin', 300, 0), bet('spin', 300, 3600)])).toEqual([0, 300, 300]);
  });

  it('counts only the uncovered difference of opposite bets in one round, on the larger side', () => {
    expect(validBets('baccarat', [bet('player', 3000, 6000), bet('banker', 1000, 0)])).toEqual([2000, 0]);
    expect(validBets('baccarat', [bet('player', 1000, 2000), bet('banker', 1000, 0), bet('playerPair', 100, 0)])).toEqual([0, 0, 100]);
    expect(validBets('roulette', [bet('red', 500, 1000), bet('black', 200, 0), bet('odd', 100, 0), bet('even', 400, 800)])).toEqual([
      300, 0, 0, 300,
    ]);
    expect(validBets('sic-bo', [bet('small', 600, 0), bet('small', 400, 0), bet('big', 250, 500)])).toEqual([450, 300, 0]);
    // Not a pair in another game: two sides of a baccarat code on a slot count whole.
    expect(validBets('lucky-seven', [bet('spin', 100, 0), bet('spin', 100, 0)])).toEqual([100, 100]);
  });

  it('is never negative nor above the stake, and a hedged pair never counts more than its difference', () => {
    const codes = ['player', 'banker', 'tie', 'playerPair'];
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ betCode: fc.constantFrom(...codes), stake: fc.integer({ min: 1, max: 1_000_000 }), times: fc.nat({ max: 12 }) }),
          {
            maxLength: 8,
          },
        ),
        (drawn) => {
          const bets = drawn.map(({ betCode, stake, times }) => bet(betCode, stake, stake * times));
          const valid = validBets('baccarat', bets);
          valid.forEach((value, index) => {
            expect(value).toBeGreaterThanOrEqual(0);
            expect(value).toBeLessThanOrEqual(bets[index]!.stake);
          });
          const total = (code: string) => bets.reduce((sum, each, index) => sum + (each.betCode === code ? valid[index]! : 0), 0);
          const staked = (code: string) => bets.reduce((sum, each) => sum + (each.betCode === code ? each.stake : 0), 0);
          if (staked('player') > 0 && staked('banker') > 0)
            expect(total('player') + total('banker')).toBeLessThanOrEqual(Math.abs(staked('player') - staked('banker')));
        },
      ),
    );
  });
});

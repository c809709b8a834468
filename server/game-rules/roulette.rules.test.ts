import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { colourOf, coveredNumbers, rouletteOdds, rouletteRound, settleRoulette } from './roulette.rules';
import { seededRandom } from './seeded-random';

const numbers = Array.from({ length: 37 }, (_, n) => n);
const result = (number: number) => ({ number, colour: colourOf(number) });

/** Every bet of the layout, by kind. */
const layoutBets: string[] = [
  ...numbers.map((n) => `straight:${n}`),
  ...numbers.flatMap((a) => numbers.map((b) => `split:${a}-${b}`)).filter((code) => coveredNumbers(code) !== null),
  ...numbers.flatMap((n) => [`street:${n}`, `corner:${n}`, `line:${n}`]).filter((code) => coveredNumbers(code) !== null),
  ...[1, 2, 3].flatMap((n) => [`dozen:${n}`, `column:${n}`]),
  'red',
  'black',
  'odd',
  'even',
  'low',
  'high',
];

describe('European roulette', () => {
  it('has the layout’s bets: 37 straights, 60 splits, 12 streets, 22 corners, 11 lines', () => {
    const count = (kind: string) => layoutBets.filter((code) => code.startsWith(`${kind}:`)).length;
    // Splits: 57 between numbers 1-36, and 0 with 1, 2, 3 (each written both ways here).
    expect([count('straight'), count('split') / 2, count('street'), count('corner'), count('line')]).toEqual([37, 60, 12, 22, 11]);
    expect(coveredNumbers('split:1-3')).toBeNull();
    expect(coveredNumbers('split:3-4')).toBeNull();
    expect(coveredNumbers('corner:3')).toBeNull();
    expect(coveredNumbers('street:2')).toBeNull();
    expect(coveredNumbers('dozen:4')).toBeNull();
    expect(coveredNumbers('red:1')).toBeNull();
    expect(coveredNumbers('straight:37')).toBeNull();
    for (const code of ['straight:', 'straight:-1', 'straight:1.5', 'split:1-2-3', 'straight:1:2', 'dozen:', 'street: 1']) {
      expect(coveredNumbers(code), code).toBeNull();
    }
    expect(coveredNumbers('corner:17')).toEqual([17, 18, 20, 21]);
    expect(coveredNumbers('column:2')).toHaveLength(12);
    expect(coveredNumbers('red')).toHaveLength(18);
  });

  it('pays stake x (odds + 1) on a covered number and nothing otherwise, in whole cents', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...layoutBets),
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.constantFrom(...numbers),
        (code, stake, n) => {
          const covered = coveredNumbers(code)!;
          const paid = settleRoulette(code, stake, result(n));
          expect(Number.isInteger(paid)).toBe(true);
          expect(paid).toBe(covered.includes(n) ? stake * (rouletteOdds(covered.length) + 1) : 0);
        },
      ),
    );
    expect([1, 2, 3, 4, 6, 12, 18].map(rouletteOdds)).toEqual([35, 17, 11, 8, 5, 2, 1]);
    // Zero loses every outside bet.
    for (const code of ['red', 'black', 'odd', 'even', 'low', 'high', 'dozen:1', 'column:1'])
      expect(settleRoulette(code, 100, result(0))).toBe(0);
  });

  it('keeps the house edge of every bet at exactly 1/37 over the 37 equally likely numbers', () => {
    for (const code of layoutBets) {
      const returned = numbers.reduce((sum, n) => sum + settleRoulette(code, 37, result(n))!, 0);
      // 37 spins of 37 cents each: the player gets back 36 x 37.
      expect(returned, code).toBe(36 * 37);
    }
  });

  it('draws a round as a function of seed, table and round, with every number coming up', () => {
    const draw = (round: number) => rouletteRound(seededRandom('seed-1', 'roulette-1', round));
    expect(draw(7)).toEqual(draw(7));
    expect(rouletteRound(seededRandom('seed-2', 'roulette-1', 7))).toEqual(rouletteRound(seededRandom('seed-2', 'roulette-1', 7)));
    const seen = new Map<number, number>();
    for (let round = 0; round < 37_000; round++) seen.set(draw(round).number, (seen.get(draw(round).number) ?? 0) + 1);
    expect(seen.size).toBe(37);
    // About 1,000 each: far from it would mean a biased draw.
    for (const [number, times] of seen) expect(times, String(number)).toBeGreaterThan(850);
    for (const [number, times] of seen) expect(times, String(number)).toBeLessThan(1150);
    const rounds = Array.from({ length: 20 }, (_, round) => draw(round).number);
    expect(new Set(rounds).size).toBeGreaterThan(5);
  });
});

import { describe, expect, it } from 'vitest';
import { seededRandom } from './seeded-random';
import { settleSicBo, sicBoRound, TOTAL_ODDS, type SicBoResult } from './sic-bo.rules';

const faces = [1, 2, 3, 4, 5, 6];
/** The 216 equally likely throws. */
const throws: SicBoResult[] = faces.flatMap((a) =>
  faces.flatMap((b) => faces.map((c) => ({ dice: [a, b, c] as [number, number, number], total: a + b + c }))),
);
const bets = [
  'small',
  'big',
  'anyTriple',
  ...Object.keys(TOTAL_ODDS).map((total) => `total:${total}`),
  ...faces.flatMap((n) => [`triple:${n}`, `double:${n}`, `single:${n}`]),
  ...faces.flatMap((a) => faces.filter((b) => b > a).map((b) => `combo:${a}-${b}`)),
];

/** What 216 bets of 1 cent, one on each throw, pay back in all. */
const returned = (code: string) => throws.reduce((sum, result) => sum + settleSicBo(code, 1, result)!, 0);

describe('sic bo', () => {
  it('pays the published returns over the 216 throws (house edge in cents per 216 staked)', () => {
    // small/big 2.78 %, total 4: 29.17 %, triple 13.89 %, any triple 30.56 %, double 18.52 %, combo 16.67 %, single 7.87 %.
    expect(returned('small')).toBe(210);
    expect(returned('big')).toBe(210);
    expect(returned('total:4')).toBe(153);
    expect(returned('total:10')).toBe(189);
    expect(returned('triple:6')).toBe(151);
    expect(returned('anyTriple')).toBe(150);
    expect(returned('double:2')).toBe(144);
    expect(returned('combo:1-2')).toBe(180);
    expect(returned('single:3')).toBe(199);
    for (const code of bets) expect(returned(code), code).toBeLessThan(216);
  });

  it('pays stake x (odds + 1) or nothing, and loses small and big on a triple', () => {
    expect(settleSicBo('small', 1000, { dice: [1, 2, 3], total: 6 })).toBe(2000);
    expect(settleSicBo('small', 1000, { dice: [2, 2, 2], total: 6 })).toBe(0);
    expect(settleSicBo('big', 1000, { dice: [4, 4, 4], total: 12 })).toBe(0);
    expect(settleSicBo('total:4', 100, { dice: [1, 1, 2], total: 4 })).toBe(5100);
    expect(settleSicBo('single:5', 100, { dice: [5, 5, 1], total: 11 })).toBe(300);
    expect(settleSicBo('single:5', 100, { dice: [5, 5, 5], total: 15 })).toBe(400);
    expect(settleSicBo('triple:5', 100, { dice: [5, 5, 5], total: 15 })).toBe(15_100);
    for (const code of [
      'total:3',
      'total:18',
      'triple:7',
      'combo:2-2',
      'combo:1',
      'combo:1-2-3',
      'triple:1:1',
      'small:1',
      'pair',
      'single:0',
      'single:',
    ]) {
      expect(settleSicBo(code, 100, { dice: [1, 2, 3], total: 6 }), code).toBeNull();
    }
  });

  it('throws dice as a function of seed, table and round, every face about as often', () => {
    const draw = (round: number) => sicBoRound(seededRandom('seed', 'sicbo-1', round));
    expect(draw(3)).toEqual(draw(3));
    const seen = new Map<number, number>();
    for (let round = 0; round < 6000; round++) for (const die of draw(round).dice) seen.set(die, (seen.get(die) ?? 0) + 1);
    for (const n of faces) expect(seen.get(n)).toBeGreaterThan(2700);
    for (const n of faces) expect(seen.get(n)).toBeLessThan(3300);
  });
});

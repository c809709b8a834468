import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { seededRandom } from './seeded-random';

describe('the seeded random numbers of the game platform', () => {
  it('are the same for the same seed, table and round, and differ when any of them does', () => {
    const first = (seed: string, table: string, round: number) => {
      const random = seededRandom(seed, table, round);
      return Array.from({ length: 8 }, () => random.below(1_000_000));
    };
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.nat(), (seed, table, round) => {
        expect(first(seed, table, round)).toEqual(first(seed, table, round));
      }),
    );
    const base = first('s', 't', 1);
    expect(first('s', 't', 2)).not.toEqual(base);
    expect(first('s', 'u', 1)).not.toEqual(base);
    expect(first('r', 't', 1)).not.toEqual(base);
    // The separator keeps ("ab", "c") apart from ("a", "bc").
    expect(first('ab', 'c', 1)).not.toEqual(first('a', 'bc', 1));
  });

  it('stay in [0, n) for any n, and refuse an n that is no count', () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 1, max: 2 ** 32 }), (seed, n) => {
        const value = seededRandom(seed, 'table', 0).below(n);
        expect(Number.isInteger(value) && value >= 0 && value < n).toBe(true);
      }),
    );
    for (const n of [0, -1, 1.5, 2 ** 32 + 1]) expect(() => seededRandom('s', 't', 0).below(n)).toThrow(RangeError);
  });
});

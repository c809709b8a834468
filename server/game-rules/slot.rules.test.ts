import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { seededRandom } from './seeded-random';
import { isSlot, jackpotHit, jackpotRake, reelStrip, settleSlot, SLOT_MACHINES, slotSpin, type SlotCode } from './slot.rules';

const codes = Object.keys(SLOT_MACHINES) as SlotCode[];

/** Every stop combination of a machine: what 1 cent returns in all, and how often the jackpot hits. */
function enumerate(code: SlotCode) {
  const strip = reelStrip(code);
  let returned = 0;
  let jackpots = 0;
  for (const a of strip)
    for (const b of strip)
      for (const c of strip) {
        const reels = [a, b, c] as [string, string, string];
        returned += settleSlot(code, 'spin', 1, { reels })!;
        if (jackpotHit({ reels })) jackpots++;
      }
  return { spins: strip.length ** 3, returned, jackpots };
}

describe('slot machines', () => {
  it('return between 90 % and 97 % without the jackpot, and hit the jackpot less than once in 2000 spins', () => {
    for (const code of codes) {
      const { spins, returned, jackpots } = enumerate(code);
      expect(returned / spins, code).toBeGreaterThanOrEqual(0.9);
      expect(returned / spins, code).toBeLessThanOrEqual(0.97);
      expect(jackpots, code).toBe(1);
      expect(jackpots / spins, code).toBeLessThan(1 / 2000);
    }
    // lucky-seven worked out by hand: 8 sevens x 60 + 27 bars x 30 + 64 bells x 15 + 64 plums x 10 + 216 cherries x 8 + 1512 two cherries x 2.
    expect(enumerate('lucky-seven').returned).toBe(8 * 60 + 27 * 30 + 64 * 15 + 64 * 10 + 216 * 8 + 1512 * 2);
  });

  it('holds on each reel the symbols the machine declares', () => {
    for (const code of codes) {
      const counts: Record<string, number> = {};
      for (const symbol of reelStrip(code)) counts[symbol] = (counts[symbol] ?? 0) + 1;
      expect(counts, code).toEqual(SLOT_MACHINES[code].symbols);
    }
  });

  it('pays whole multiples of the stake, feeds the pool 1 % rounded down, and refuses other codes', () => {
    fc.assert(
      fc.property(fc.constantFrom(...codes), fc.nat({ max: 1_000_000 }), fc.integer({ min: 1, max: 10_000_000 }), (code, round, stake) => {
        const spin = slotSpin(code, seededRandom('test', code, round));
        const paid = settleSlot(code, 'spin', stake, spin)!;
        expect(paid % stake).toBe(0);
        expect(spin.reels).toEqual(spin.stops.map((stop) => reelStrip(code)[stop]));
        expect(jackpotRake(stake)).toBe(Math.floor(stake / 100));
      }),
    );
    expect(settleSlot('lucky-seven', 'spin', 100, { reels: ['seven', 'seven', 'seven'] })).toBe(6000);
    expect(settleSlot('lucky-seven', 'spin', 100, { reels: ['cherry', 'bar', 'cherry'] })).toBe(200);
    expect(settleSlot('lucky-seven', 'spin', 100, { reels: ['jackpot', 'jackpot', 'jackpot'] })).toBe(0);
    expect(settleSlot('lucky-seven', 'line:1', 100, { reels: ['seven', 'seven', 'seven'] })).toBeNull();
    expect(settleSlot('baccarat', 'spin', 100, { reels: ['seven', 'seven', 'seven'] })).toBeNull();
    expect(isSlot('toString')).toBe(false);
  });
});

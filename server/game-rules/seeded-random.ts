import { createHash } from 'node:crypto';

/**
 * The game platform's randomness: a round's draw is a pure function of (seed, table, round), so
 * any process can produce (or check) any round, and a seed replays a whole history. The state
 * comes from SHA-256 of the three, the numbers from xoshiro128** over it.
 */
export interface SeededRandom {
  /** An integer in [0, n). */
  below(n: number): number;
}

const rotl = (x: number, k: number) => ((x << k) | (x >>> (32 - k))) >>> 0;

export function seededRandom(seed: string, table: string, round: number): SeededRandom {
  const digest = createHash('sha256').update(`${seed}\u0000${table}\u0000${round}`).digest();
  const s = [digest.readUInt32LE(0), digest.readUInt32LE(4), digest.readUInt32LE(8), digest.readUInt32LE(12)];
  // An all-zero state would only ever give zeros.
  if ((s[0]! | s[1]! | s[2]! | s[3]!) === 0) s[0] = 1;
  const next = (): number => {
    const result = Math.imul(rotl(Math.imul(s[1]!, 5) >>> 0, 7), 9) >>> 0;
    const t = (s[1]! << 9) >>> 0;
    s[2] = (s[2]! ^ s[0]!) >>> 0;
    s[3] = (s[3]! ^ s[1]!) >>> 0;
    s[1] = (s[1]! ^ s[2]!) >>> 0;
    s[0] = (s[0]! ^ s[3]!) >>> 0;
    s[2] = (s[2]! ^ t) >>> 0;
    s[3] = rotl(s[3]!, 11);
    return result;
  };
  return {
    below(n) {
      if (!Number.isInteger(n) || n < 1 || n > 2 ** 32) throw new RangeError(`below(${n})`);
      // Rejection keeps every value equally likely: no modulo bias.
      const limit = 2 ** 32 - (2 ** 32 % n);
      for (;;) {
        const value = next();
        if (value < limit) return value % n;
      }
    },
  };
}

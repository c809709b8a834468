import type { SeededRandom } from './seeded-random';

/**
 * Three-reel, one-line slot machines. Each reel is a strip of symbols; a spin stops each reel at
 * an equally likely place. Three of a kind pays its multiple of the stake (stake included), two
 * of the machine's low symbol pay a small one, and three jackpot symbols win the jackpot pool
 * (kept by the platform; every stake feeds it JACKPOT_RAKE_BASIS_POINTS).
 */
export interface SlotMachine {
  /** How many of each symbol a reel holds (every reel the same). */
  symbols: Readonly<Record<string, number>>;
  /** Total return of three of a kind, as a multiple of the stake. */
  threeOfAKind: Readonly<Record<string, number>>;
  /** Exactly two of this symbol pay `twoPays` times the stake. */
  twoOf: string;
  twoPays: number;
}

export const JACKPOT_SYMBOL = 'jackpot';
/** What each stake feeds the jackpot pool: 1 % (100 hundredths of a percent). */
export const JACKPOT_RAKE_BASIS_POINTS = 100;
/** What a machine's jackpot pool starts from, and restarts from after a hit (cents). */
export const JACKPOT_START = 1_000_000;

export const SLOT_MACHINES = {
  'lucky-seven': {
    symbols: { jackpot: 1, seven: 2, bar: 3, bell: 4, plum: 4, cherry: 6 },
    threeOfAKind: { seven: 60, bar: 30, bell: 15, plum: 10, cherry: 8 },
    twoOf: 'cherry',
    twoPays: 2,
  },
  'fortune-dragon': {
    symbols: { jackpot: 1, dragon: 2, coin: 3, lantern: 4, fan: 5, orange: 7 },
    threeOfAKind: { dragon: 100, coin: 40, lantern: 15, fan: 8, orange: 5 },
    twoOf: 'orange',
    twoPays: 2,
  },
  'golden-lotus': {
    symbols: { jackpot: 1, lotus: 2, koi: 3, jade: 4, bamboo: 5, tea: 9 },
    threeOfAKind: { lotus: 150, koi: 60, jade: 25, bamboo: 12, tea: 5 },
    twoOf: 'tea',
    twoPays: 1,
  },
} as const satisfies Record<string, SlotMachine>;
export type SlotCode = keyof typeof SLOT_MACHINES;

export interface SlotSpin {
  reels: [string, string, string];
  stops: [number, number, number];
}

const strips = new Map<string, string[]>();
/** A reel's strip: the symbols dealt round-robin (rarest first), so like symbols are spread out. */
export function reelStrip(code: SlotCode): string[] {
  const known = strips.get(code);
  if (known) return known;
  const left = Object.entries(SLOT_MACHINES[code].symbols).map(([symbol, count]) => ({ symbol, count: count as number }));
  const strip: string[] = [];
  while (left.some((entry) => entry.count > 0))
    for (const entry of left)
      if (entry.count > 0) {
        strip.push(entry.symbol);
        entry.count--;
      }
  strips.set(code, strip);
  return strip;
}

export const isSlot = (code: string): code is SlotCode => Object.hasOwn(SLOT_MACHINES, code);

export function slotSpin(code: SlotCode, random: SeededRandom): SlotSpin {
  const strip = reelStrip(code);
  const stops = [random.below(strip.length), random.below(strip.length), random.below(strip.length)] as [number, number, number];
  return { reels: stops.map((stop) => strip[stop]!) as [string, string, string], stops };
}

export const jackpotHit = (spin: Pick<SlotSpin, 'reels'>) => spin.reels.every((symbol) => symbol === JACKPOT_SYMBOL);

/** What the stake feeds the jackpot pool, rounded down to the cent. */
export const jackpotRake = (stake: number) => Math.floor((stake * JACKPOT_RAKE_BASIS_POINTS) / 10_000);

/**
 * What a spin of `stake` cents pays back from the pay table (stake included; the jackpot is
 * paid apart), or null for no machine of that code or a bet other than `spin`.
 */
export function settleSlot(code: string, betCode: string, stake: number, spin: Pick<SlotSpin, 'reels'>): number | null {
  if (!isSlot(code) || betCode !== 'spin') return null;
  const machine: SlotMachine = SLOT_MACHINES[code];
  const [a, b, c] = spin.reels;
  if (a === b && b === c) return a === JACKPOT_SYMBOL ? 0 : stake * (machine.threeOfAKind[a] ?? 0);
  return spin.reels.filter((symbol) => symbol === machine.twoOf).length === 2 ? stake * machine.twoPays : 0;
}

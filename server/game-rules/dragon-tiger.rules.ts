import { dealer, type Card } from './playing-cards';
import type { SeededRandom } from './seeded-random';

/** Dragon tiger: one card each from an 8-deck shoe, the higher rank wins (ace low, suits equal). */
export interface DragonTigerResult {
  dragon: Card;
  tiger: Card;
  winner: 'dragon' | 'tiger' | 'tie';
}

export function dragonTigerRound(random: SeededRandom): DragonTigerResult {
  const next = dealer(random);
  const dragon = next();
  const tiger = next();
  return { dragon, tiger, winner: dragon.rank > tiger.rank ? 'dragon' : tiger.rank > dragon.rank ? 'tiger' : 'tie' };
}

export const SIDE_ODDS = 1;
export const TIE_ODDS = 8;

/**
 * What a bet of `stake` cents pays back (stake included), or null for no bet of the table:
 * `dragon`, `tiger` (1:1; on a tie half the stake comes back, rounded down), `tie` (8:1).
 */
export function settleDragonTiger(betCode: string, stake: number, result: DragonTigerResult): number | null {
  switch (betCode) {
    case 'dragon':
    case 'tiger':
      if (result.winner === 'tie') return Math.floor(stake / 2);
      return result.winner === betCode ? stake * (SIDE_ODDS + 1) : 0;
    case 'tie':
      return result.winner === 'tie' ? stake * (TIE_ODDS + 1) : 0;
    default:
      return null;
  }
}

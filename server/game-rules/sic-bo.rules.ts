import type { SeededRandom } from './seeded-random';

/** Sic bo: three dice. Odds are to 1, as the usual Macau table pays them. */
export interface SicBoResult {
  dice: [number, number, number];
  total: number;
}

export function sicBoRound(random: SeededRandom): SicBoResult {
  const dice = [random.below(6) + 1, random.below(6) + 1, random.below(6) + 1] as [number, number, number];
  return { dice, total: dice[0] + dice[1] + dice[2] };
}

/** Odds of a total of 4 to 17 (3 and 18 are triples: no total bet). */
export const TOTAL_ODDS: Readonly<Record<number, number>> = {
  4: 50,
  5: 18,
  6: 14,
  7: 12,
  8: 8,
  9: 6,
  10: 6,
  11: 6,
  12: 6,
  13: 8,
  14: 12,
  15: 14,
  16: 18,
  17: 50,
};
export const SMALL_BIG_ODDS = 1;
export const SPECIFIC_TRIPLE_ODDS = 150;
export const ANY_TRIPLE_ODDS = 24;
export const SPECIFIC_DOUBLE_ODDS = 8;
export const COMBINATION_ODDS = 5;

const face = (text: string | undefined) => {
  const n = Number(text);
  return Number.isInteger(n) && n >= 1 && n <= 6 ? n : null;
};

/**
 * What a bet of `stake` cents pays back (stake included), or null for no bet of the table:
 * `small` (4-10) and `big` (11-17), both lost on any triple; `total:4`..`total:17`;
 * `triple:1`..`triple:6`; `anyTriple`; `double:1`..`double:6` (at least two of that face);
 * `combo:1-2` (both faces among the dice, two different faces); `single:1`..`single:6` (1:1, 2:1
 * or 3:1 as one, two or three dice show it).
 */
export function settleSicBo(betCode: string, stake: number, result: SicBoResult): number | null {
  const [kind, arg, extra] = betCode.split(':');
  if (extra !== undefined) return null;
  const { dice, total } = result;
  const count = (n: number) => dice.filter((die) => die === n).length;
  const triple = dice[0] === dice[1] && dice[1] === dice[2];
  const pays = (won: boolean, odds: number) => (won ? stake * (odds + 1) : 0);
  switch (kind) {
    case 'small':
    case 'big':
      if (arg !== undefined) return null;
      return pays(!triple && (kind === 'small' ? total >= 4 && total <= 10 : total >= 11 && total <= 17), SMALL_BIG_ODDS);
    case 'anyTriple':
      return arg === undefined ? pays(triple, ANY_TRIPLE_ODDS) : null;
    case 'total': {
      const wanted = Number(arg);
      const odds = TOTAL_ODDS[wanted];
      return odds === undefined || !Number.isInteger(wanted) ? null : pays(total === wanted, odds);
    }
    case 'triple': {
      const n = face(arg);
      return n === null ? null : pays(count(n) === 3, SPECIFIC_TRIPLE_ODDS);
    }
    case 'double': {
      const n = face(arg);
      return n === null ? null : pays(count(n) >= 2, SPECIFIC_DOUBLE_ODDS);
    }
    case 'single': {
      const n = face(arg);
      if (n === null) return null;
      const shown = count(n);
      return shown === 0 ? 0 : stake * (shown + 1);
    }
    case 'combo': {
      const parts = (arg ?? '').split('-').map((part) => face(part));
      const [a, b] = parts;
      if (parts.length !== 2 || a === null || b === null || a === undefined || b === undefined || a === b) return null;
      return pays(count(a) > 0 && count(b) > 0, COMBINATION_ODDS);
    }
    default:
      return null;
  }
}

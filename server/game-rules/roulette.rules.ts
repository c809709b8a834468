import type { SeededRandom } from './seeded-random';

/**
 * European roulette (single zero). A bet names the numbers it covers; its odds follow from how
 * many: 36 / covered - 1 to 1 (straight 35:1 ... even money 1:1), so zero loses every outside bet.
 */
export interface RouletteResult {
  number: number;
  colour: 'red' | 'black' | 'green';
}

const RED = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);

export function colourOf(number: number): RouletteResult['colour'] {
  if (number === 0) return 'green';
  return RED.has(number) ? 'red' : 'black';
}

export function rouletteRound(random: SeededRandom): RouletteResult {
  const number = random.below(37);
  return { number, colour: colourOf(number) };
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const onLayout = (n: number) => Number.isInteger(n) && n >= 0 && n <= 36;
const column = (n: number) => ((n - 1) % 3) + 1;

/**
 * The numbers a bet code covers, or null when the code is no bet of the layout:
 * `straight:17`, `split:17-18` (side by side on the layout, or 0 with 1, 2 or 3), `street:13`
 * (13-15), `corner:17` (17, 18, 20, 21), `line:13` (13-18), `dozen:1..3`, `column:1..3`,
 * `red`, `black`, `odd`, `even`, `low` (1-18), `high` (19-36).
 */
export function coveredNumbers(betCode: string): number[] | null {
  const [kind, arg, extra] = betCode.split(':');
  // One or two numbers of the layout, written in digits: "straight:" is no bet of zero.
  if (extra !== undefined || (arg !== undefined && !/^[0-9]{1,2}(-[0-9]{1,2})?$/.test(arg))) return null;
  const numbers = (arg ?? '').split('-').map(Number);
  const first = numbers[0]!;
  switch (kind) {
    case 'straight':
      return numbers.length === 1 && onLayout(first) ? [first] : null;
    case 'split': {
      const [a, b] = numbers.sort((x, y) => x - y) as [number, number];
      if (numbers.length !== 2 || !onLayout(a) || !onLayout(b)) return null;
      const beside = a > 0 && b === a + 1 && column(a) !== 3;
      const above = a > 0 && b === a + 3;
      const zero = a === 0 && b >= 1 && b <= 3;
      return beside || above || zero ? [a, b] : null;
    }
    case 'street':
      return numbers.length === 1 && first >= 1 && first <= 34 && column(first) === 1 ? range(first, first + 2) : null;
    case 'corner':
      return numbers.length === 1 && first >= 1 && first <= 32 && column(first) !== 3 ? [first, first + 1, first + 3, first + 4] : null;
    case 'line':
      return numbers.length === 1 && first >= 1 && first <= 31 && column(first) === 1 ? range(first, first + 5) : null;
    case 'dozen':
      return numbers.length === 1 && [1, 2, 3].includes(first) ? range(12 * first - 11, 12 * first) : null;
    case 'column':
      return numbers.length === 1 && [1, 2, 3].includes(first) ? range(1, 36).filter((n) => column(n) === first) : null;
    default:
      break;
  }
  if (arg !== undefined) return null;
  const outside: Record<string, (n: number) => boolean> = {
    red: (n) => RED.has(n),
    black: (n) => !RED.has(n),
    odd: (n) => n % 2 === 1,
    even: (n) => n % 2 === 0,
    low: (n) => n <= 18,
    high: (n) => n >= 19,
  };
  const test = kind === undefined ? undefined : outside[kind];
  return test ? range(1, 36).filter(test) : null;
}

/** Odds to 1 of a bet covering `count` numbers: 35, 17, 11, 8, 5, 2 or 1. */
export const rouletteOdds = (count: number): number => 36 / count - 1;

/** What a bet of `stake` cents on `betCode` pays back (stake included) for a result; null for no valid bet. */
export function settleRoulette(betCode: string, stake: number, result: RouletteResult): number | null {
  const covered = coveredNumbers(betCode);
  if (!covered) return null;
  return covered.includes(result.number) ? stake * (rouletteOdds(covered.length) + 1) : 0;
}

import { baccaratRound, settleBaccarat, type BaccaratResult } from './baccarat.rules';
import { dragonTigerRound, settleDragonTiger, type DragonTigerResult } from './dragon-tiger.rules';
import { rouletteRound, settleRoulette, type RouletteResult } from './roulette.rules';
import type { SeededRandom } from './seeded-random';
import { settleSicBo, sicBoRound, type SicBoResult } from './sic-bo.rules';
import { settleSlot, SLOT_MACHINES, slotSpin, type SlotCode, type SlotSpin } from './slot.rules';

/**
 * The games the platform offers (the games table of migration 0015 lists the same codes): how a
 * round is drawn, how a bet settles, and what a simulated player usually bets.
 */
export interface GameDefinition {
  gameCode: string;
  gameType: 'live' | 'electronic';
  /** Tables (live) or machines (electronic): the gameId of bets and rounds. */
  tables: readonly string[];
  /** Seconds between rounds at a live table; 0 for a machine (a spin whenever a player spins). */
  roundSeconds: number;
  round(random: SeededRandom): object;
  /** What a bet pays back, stake included; null when the code is no bet of the game. */
  settle(betCode: string, stake: number, result: object): number | null;
  /** Bets a simulated player picks, with how often (relative weights). */
  commonBets: readonly { betCode: string; weight: number }[];
}

/** One of the items, each as likely (a simulated player's game, table, stake). */
export const pick = <T>(random: SeededRandom, items: readonly T[]) => items[random.below(items.length)]!;

/** A bet a simulated player makes, drawn by the game's weights. */
export function pickBet(random: SeededRandom, bets: GameDefinition['commonBets']): string {
  let left = random.below(bets.reduce((sum, bet) => sum + bet.weight, 0));
  for (const bet of bets) {
    if (left < bet.weight) return bet.betCode;
    left -= bet.weight;
  }
  return bets[0]!.betCode;
}

/** The kind of a bet ("straight" of "straight:17"): a bet record's playType. */
export const playTypeOf = (betCode: string) => betCode.split(':')[0]!;

const tables = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => `${prefix}-${String(i + 1).padStart(2, '0')}`);

const slot = (code: SlotCode, machine: string): GameDefinition => ({
  gameCode: code,
  gameType: 'electronic',
  tables: tables(machine, 2),
  roundSeconds: 0,
  round: (random) => slotSpin(code, random),
  settle: (betCode, stake, result) => settleSlot(code, betCode, stake, result as SlotSpin),
  commonBets: [{ betCode: 'spin', weight: 1 }],
});

export const GAMES: readonly GameDefinition[] = [
  {
    gameCode: 'baccarat',
    gameType: 'live',
    tables: tables('BAC', 3),
    roundSeconds: 30,
    round: baccaratRound,
    settle: (betCode, stake, result) => settleBaccarat(betCode, stake, result as BaccaratResult),
    commonBets: [
      { betCode: 'banker', weight: 45 },
      { betCode: 'player', weight: 40 },
      { betCode: 'tie', weight: 8 },
      { betCode: 'playerPair', weight: 4 },
      { betCode: 'bankerPair', weight: 3 },
    ],
  },
  {
    gameCode: 'dragon-tiger',
    gameType: 'live',
    tables: tables('DT', 2),
    roundSeconds: 25,
    round: dragonTigerRound,
    settle: (betCode, stake, result) => settleDragonTiger(betCode, stake, result as DragonTigerResult),
    commonBets: [
      { betCode: 'dragon', weight: 46 },
      { betCode: 'tiger', weight: 46 },
      { betCode: 'tie', weight: 8 },
    ],
  },
  {
    gameCode: 'roulette',
    gameType: 'live',
    tables: tables('ROU', 2),
    roundSeconds: 40,
    round: rouletteRound,
    settle: (betCode, stake, result) => settleRoulette(betCode, stake, result as RouletteResult),
    commonBets: [
      { betCode: 'red', weight: 20 },
      { betCode: 'black', weight: 20 },
      { betCode: 'odd', weight: 8 },
      { betCode: 'even', weight: 8 },
      { betCode: 'dozen:2', weight: 8 },
      { betCode: 'column:1', weight: 5 },
      { betCode: 'straight:17', weight: 6 },
      { betCode: 'straight:7', weight: 5 },
      { betCode: 'split:17-20', weight: 4 },
      { betCode: 'corner:25', weight: 3 },
    ],
  },
  {
    gameCode: 'sic-bo',
    gameType: 'live',
    tables: tables('SIC', 2),
    roundSeconds: 35,
    round: sicBoRound,
    settle: (betCode, stake, result) => settleSicBo(betCode, stake, result as SicBoResult),
    commonBets: [
      { betCode: 'big', weight: 30 },
      { betCode: 'small', weight: 30 },
      { betCode: 'total:10', weight: 6 },
      { betCode: 'total:11', weight: 6 },
      { betCode: 'single:6', weight: 8 },
      { betCode: 'double:3', weight: 4 },
      { betCode: 'combo:1-2', weight: 4 },
      { betCode: 'anyTriple', weight: 3 },
    ],
  },
  slot('fortune-dragon', 'FD'),
  slot('golden-lotus', 'GL'),
  slot('lucky-seven', 'L7'),
];

const byCode = new Map(GAMES.map((game) => [game.gameCode, game]));
export const gameByCode = (code: string): GameDefinition | undefined => byCode.get(code);

/** The slot machines' codes, all of them in GAMES. */
export const slotCodes = Object.keys(SLOT_MACHINES) as SlotCode[];

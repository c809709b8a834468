import { dealer, type Card } from './playing-cards';
import type { SeededRandom } from './seeded-random';

/** Punto banco from an 8-deck shoe, with the standard third-card rules. */
export interface BaccaratResult {
  player: Card[];
  banker: Card[];
  playerPoints: number;
  bankerPoints: number;
  winner: 'player' | 'banker' | 'tie';
  /** The hand's first two cards have the same rank. */
  playerPair: boolean;
  bankerPair: boolean;
}

/** A card's value: ace 1, two to nine at face value, tens and faces 0. */
export const cardValue = (card: Pick<Card, 'rank'>) => (card.rank >= 10 ? 0 : card.rank);
export const handPoints = (cards: readonly Pick<Card, 'rank'>[]) => cards.reduce((sum, card) => sum + cardValue(card), 0) % 10;

/**
 * Whether the banker draws a third card, by its total and the player's third card (null when the
 * player stood): 0-2 always; 3 unless the player's third is an 8; 4 on 2-7; 5 on 4-7; 6 on 6-7;
 * 7 never. A player who stood leaves the banker drawing on 0-5.
 */
export function bankerDraws(bankerTotal: number, playerThird: number | null): boolean {
  if (playerThird === null) return bankerTotal <= 5;
  switch (bankerTotal) {
    case 0:
    case 1:
    case 2:
      return true;
    case 3:
      return playerThird !== 8;
    case 4:
      return playerThird >= 2 && playerThird <= 7;
    case 5:
      return playerThird >= 4 && playerThird <= 7;
    case 6:
      return playerThird === 6 || playerThird === 7;
    default:
      return false;
  }
}

/** Plays a coup from the cards in the order they come (player, banker, player, banker, then thirds). */
export function playCoup(next: () => Card): BaccaratResult {
  const player = [next()];
  const banker = [next()];
  player.push(next());
  banker.push(next());
  const natural = handPoints(player) >= 8 || handPoints(banker) >= 8;
  if (!natural) {
    let playerThird: number | null = null;
    if (handPoints(player) <= 5) {
      const card = next();
      player.push(card);
      playerThird = cardValue(card);
    }
    if (bankerDraws(handPoints(banker), playerThird)) banker.push(next());
  }
  const playerPoints = handPoints(player);
  const bankerPoints = handPoints(banker);
  return {
    player,
    banker,
    playerPoints,
    bankerPoints,
    winner: playerPoints > bankerPoints ? 'player' : bankerPoints > playerPoints ? 'banker' : 'tie',
    playerPair: player[0]!.rank === player[1]!.rank,
    bankerPair: banker[0]!.rank === banker[1]!.rank,
  };
}

export const baccaratRound = (random: SeededRandom): BaccaratResult => playCoup(dealer(random));

export const PLAYER_ODDS = 1;
/** Banker pays 1:1 less 5 % commission on the win, rounded down to the cent. */
export const BANKER_COMMISSION_PERCENT = 5;
export const TIE_ODDS = 8;
export const PAIR_ODDS = 11;

/**
 * What a bet of `stake` cents pays back (stake included), or null for no bet of the table:
 * `player`, `banker`, `tie`, `playerPair`, `bankerPair`. On a tie, player and banker bets are
 * returned (a push).
 */
export function settleBaccarat(betCode: string, stake: number, result: BaccaratResult): number | null {
  switch (betCode) {
    case 'player':
      if (result.winner === 'tie') return stake;
      return result.winner === 'player' ? stake * (PLAYER_ODDS + 1) : 0;
    case 'banker':
      if (result.winner === 'tie') return stake;
      return result.winner === 'banker' ? stake + Math.floor((stake * (100 - BANKER_COMMISSION_PERCENT)) / 100) : 0;
    case 'tie':
      return result.winner === 'tie' ? stake * (TIE_ODDS + 1) : 0;
    case 'playerPair':
      return result.playerPair ? stake * (PAIR_ODDS + 1) : 0;
    case 'bankerPair':
      return result.bankerPair ? stake * (PAIR_ODDS + 1) : 0;
    default:
      return null;
  }
}

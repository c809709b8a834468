import { beijingDateDigits, beijingMidnight } from '../../contract/beijing-time.contract';
import type { GameDefinition } from './game-registry';

/** A live round's number: its Beijing date and its place in that day ("20261124-0042"); index counts rounds since the epoch. */
export function liveRoundNo(game: Pick<GameDefinition, 'roundSeconds'>, index: number) {
  const start = index * game.roundSeconds * 1000;
  const dayStart = beijingMidnight(start);
  return `${beijingDateDigits(start)}-${String(Math.floor((start - dayStart) / (game.roundSeconds * 1000)) + 1).padStart(4, '0')}`;
}

import type { GameDefinition } from './rules/game-registry';

const DAY_MS = 86_400_000;
const BEIJING_MS = 8 * 3_600_000;

/** The Beijing date of an instant as digits ("20261124"). */
export const beijingDate = (instant: number) => new Date(instant + BEIJING_MS).toISOString().slice(0, 10).replaceAll('-', '');

/** A live round's number: its Beijing date and its place in that day ("20261124-0042"); index counts rounds since the epoch. */
export function liveRoundNo(game: Pick<GameDefinition, 'roundSeconds'>, index: number) {
  const start = index * game.roundSeconds * 1000;
  const dayStart = Math.floor((start + BEIJING_MS) / DAY_MS) * DAY_MS - BEIJING_MS;
  return `${beijingDate(start)}-${String(Math.floor((start - dayStart) / (game.roundSeconds * 1000)) + 1).padStart(4, '0')}`;
}

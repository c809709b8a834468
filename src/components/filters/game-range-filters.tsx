import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { gameName } from '@commands/game.commands';
import { gameTypes } from '@contract/account-fields.contract';
import { BET_MAX_SPAN_DAYS } from '@contract/game.contract';
import { useCall } from '@/api/queries';
import { DateRangeFilter } from '@/components/filters/date-range-filter';
import { SelectFilter } from '@/components/filters/select-filter';
import type { BeijingRange } from '@/lib/time';

export type GameType = (typeof gameTypes)[number];

export interface GameRangeFiltersProps {
  type: GameType | '';
  game: string;
  /** A new type clears the game (its list is the type's games). */
  onGameChange(choice: { type: GameType | ''; game: string } | { game: string }): void;
  range: BeijingRange;
  onRangeChange(range: BeijingRange): void;
  /** The test ids' start: `<prefix>-type`, `<prefix>-game`, `<prefix>-range`. */
  testIdPrefix: string;
  /** Filters of the screen's own, between the game and the range. */
  children?: ReactNode;
}

/** The game type, game and Beijing range filters of the bet record and the reports. */
export function GameRangeFilters({ type, game, onGameChange, range, onRangeChange, testIdPrefix, children }: GameRangeFiltersProps) {
  const { t } = useTranslation();
  const games = useCall('gw.credit.game.list', {}, { silent: true, staleTime: 60_000 });
  const gameOptions = (games.data?.list ?? [])
    .filter((entry) => !type || entry.gameType === type)
    .map((entry) => ({ value: entry.gameCode, label: gameName(t, entry) }));
  return (
    <>
      <SelectFilter
        label={t('game.type')}
        value={type}
        onChange={(next) => onGameChange({ type: next, game: '' })}
        options={gameTypes.map((value) => ({ value, label: t(`game.${value}`) }))}
        anyLabel={t('bets.anyType')}
        data-testid={`${testIdPrefix}-type`}
      />
      <SelectFilter
        label={t('games.column.name')}
        value={game}
        onChange={(next) => onGameChange({ game: next })}
        options={gameOptions}
        anyLabel={t('bets.anyGame')}
        data-testid={`${testIdPrefix}-game`}
      />
      {children}
      <DateRangeFilter value={range} onChange={onRangeChange} maxSpanDays={BET_MAX_SPAN_DAYS} data-testid={`${testIdPrefix}-range`} />
    </>
  );
}

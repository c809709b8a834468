import type { TFunction } from 'i18next';
import { gameName, switchGame, type GameRow } from '@commands/game.commands';
import type { CommandContext } from '@commands/command';
import { textColumn } from '@/components/data-table/data-table-columns';
import type { DataTableColumn } from '@/components/data-table/data-table-types';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';

export function gameSwitchColumns(t: TFunction, commands: CommandContext): DataTableColumn<GameRow>[] {
  const stateText = (game: GameRow) => t(game.open ? 'games.state.open' : 'games.state.closed');
  return [
    textColumn('gameName', t('games.column.name'), (game) => gameName(commands.t, game), {
      width: 'minmax(10rem,1.4fr)',
      className: 'font-medium',
    }),
    textColumn('gameCode', t('games.column.code'), (game) => game.gameCode, { width: 'minmax(8rem,1fr)', className: 'font-mono' }),
    textColumn('gameType', t('games.column.type'), (game) => t(`game.${game.gameType}`), { width: 'minmax(8rem,1fr)' }),
    {
      id: 'state',
      header: t('games.column.state'),
      cell: ({ row }) => (
        <Badge variant={row.original.open ? 'secondary' : 'destructive'} data-testid="game-state" data-open={String(row.original.open)}>
          {stateText(row.original)}
        </Badge>
      ),
      meta: { width: 'minmax(6rem,0.8fr)', export: { header: t('games.column.state'), cell: stateText } },
    },
    {
      id: 'switch',
      header: () => <span className="sr-only">{t('games.column.action')}</span>,
      cell: ({ row }) => {
        const game = row.original;
        const label = t(game.open ? 'games.closeAction' : 'games.openAction');
        return (
          <Button
            size="sm"
            variant={game.open ? 'outline' : 'default'}
            onClick={() => void switchGame(commands, game, !game.open)}
            aria-label={`${label} ${gameName(commands.t, game)}`}
            data-action-id={game.open ? 'game.close' : 'game.open'}
          >
            {label}
          </Button>
        );
      },
      meta: { width: 'minmax(7rem,0.8fr)', export: false },
    },
  ];
}

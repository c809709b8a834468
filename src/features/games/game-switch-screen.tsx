import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useCall } from '@/api/queries';
import { useDataTable } from '@/components/data-table/data-table';
import { ListScreen } from '@/components/data-table/list-screen';
import { useCommands } from '@/hooks/use-command-context';
import { gameSwitchColumns } from './game-switch-columns';

/** /gameSwitch/index: the platform's games, each open or closed for the whole site (level 0). */
export default function GameSwitchScreen() {
  const { t } = useTranslation();
  const commands = useCommands();
  const games = useCall('gw.credit.game.list', {});
  const rows = useMemo(() => games.data?.list ?? [], [games.data]);
  const columns = useMemo(() => gameSwitchColumns(t, commands), [t, commands]);
  const model = useDataTable({ columns, data: rows, getRowId: (game) => game.gameCode });
  const closed = rows.filter((game) => !game.open).length;

  return (
    <ListScreen
      title={t('route.gameSwitch')}
      testId="game-switch-screen"
      className="max-w-4xl"
      intro={<p className="text-sm text-muted-foreground">{t('games.explain')}</p>}
      model={model}
      status={
        <span className="text-sm" role="status" data-testid="games-closed-count">
          {t('games.closedCount', { count: closed, total: rows.length })}
        </span>
      }
      exportAs={{ sheet: t('route.gameSwitch'), disabled: rows.length === 0, testId: 'games-export' }}
      table={{
        total: rows.length,
        loading: games.isPending,
        empty: t('games.empty'),
        rowHeight: 48,
        minWidth: '40rem',
        testId: 'game-rows',
        rowTestId: 'game-row',
        rowAttributes: (game) => ({ 'data-game-code': game.gameCode }),
      }}
    />
  );
}

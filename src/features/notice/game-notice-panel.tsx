import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { can } from '../../../commands/can';
import { noticeTitle } from '../../../commands/notice.commands';
import type { GameNotice } from '../../../contract/notice.contract';
import { useCall } from '@/api/queries';
import { DataTable, useDataTable } from '@/components/data-table/data-table';
import { textColumn } from '@/components/data-table/data-table-columns';
import type { DataTableColumn } from '@/components/data-table/data-table-types';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useRights } from '@/hooks/use-command-context';
import { beijingTime } from '@/lib/time';

/** The site's game notices: whether the platform holds each, and what its lobby shows now. */
export default function GameNoticePanel() {
  const { t, i18n } = useTranslation();
  const [, navigate] = useLocation();
  const rights = useRights();
  const answer = useCall('gw.credit.game.notice.get', { pageIndex: 1, pageSize: 99 }, { refetchInterval: 5_000 });
  const rows = useMemo(() => answer.data?.list ?? [], [answer.data]);
  const lobby = answer.data?.lobby;
  const mayWrite = can(rights, 'gw.credit.game.notice.update');

  const columns = useMemo<DataTableColumn<GameNotice>[]>(() => {
    const title = (key: string) => t(`notices.column.${key}`);
    return [
      textColumn<GameNotice>('title', title('title'), (row) => noticeTitle(row, i18n.language), {
        width: 'minmax(14rem,2fr)',
        className: 'font-medium',
      }),
      textColumn<GameNotice>('games', title('games'), (row) => (row.gameCodes.length ? row.gameCodes.join(', ') : t('notices.allGames')), {
        width: '12rem',
      }),
      textColumn<GameNotice>(
        'window',
        title('window'),
        (row) => `${beijingTime(row.startTime).slice(0, 16)} – ${beijingTime(row.endTime).slice(0, 16)}`,
        {
          width: '19rem',
          className: 'tabular-nums text-xs',
        },
      ),
      {
        id: 'delivered',
        header: title('delivered'),
        cell: ({ row }) => (
          <Badge
            variant={row.original.delivered ? 'secondary' : 'warning'}
            data-testid="game-notice-delivered"
            data-delivered={row.original.delivered}
          >
            {t(row.original.delivered ? 'notices.delivered' : 'notices.sendingToPlatform')}
          </Badge>
        ),
        meta: { width: '9rem', export: false },
      },
      {
        id: 'actions',
        header: title('actions'),
        cell: ({ row }) =>
          mayWrite ? (
            <Button
              type="button"
              size="sm"
              variant="secondary"
              onClick={() => navigate(`/oprateNotice/index/${row.original.noticeId}?game=1`)}
              data-testid="game-notice-edit"
            >
              {t('notices.action.edit')}
            </Button>
          ) : null,
        meta: { width: '7rem', export: false },
      },
    ];
  }, [t, i18n.language, mayWrite, navigate]);
  const model = useDataTable({ columns, data: rows, getRowId: (row) => row.noticeId });

  return (
    <div className="flex flex-col gap-3" data-testid="game-notice-list">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground" role="status" data-testid="game-lobby">
          {lobby
            ? t('notices.lobby', {
                tables: lobby.tables,
                players: lobby.players,
                notices: lobby.notices.map((notice) => notice.title).join('、') || t('notices.lobbyNone'),
              })
            : null}
        </p>
        {can(rights, 'gw.credit.game.notice.add') ? (
          <Button type="button" size="sm" onClick={() => navigate('/oprateNotice/index?game=1')} data-testid="game-notice-add">
            {t('notices.addGame')}
          </Button>
        ) : null}
      </div>
      <div className="min-h-40" style={{ height: `min(32rem, ${(rows.length + 1) * 3.25 + 1}rem)` }}>
        <DataTable
          model={model}
          label={t('notices.game')}
          total={rows.length}
          loading={answer.isFetching && !answer.data}
          empty={t('notices.noGameNotices')}
          rowHeight={52}
          minWidth="60rem"
          testId="game-notice-rows"
          rowTestId="game-notice-row"
          rowAttributes={(row) => ({ 'data-notice-id': row.noticeId })}
        />
      </div>
    </div>
  );
}

import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { can } from '@commands/can';
import { useCall } from '@/api/queries';
import { useDataTable } from '@/components/data-table/data-table';
import { ListBody } from '@/components/data-table/list-screen';
import { Button } from '@/components/ui/button';
import { useRights } from '@/hooks/use-command-context';
import { gameNoticeColumns } from './game-notice-columns';

/** The site's game notices: whether the platform holds each, and what its lobby shows now. */
export default function GameNoticePanel() {
  const { t, i18n } = useTranslation();
  const [, navigate] = useLocation();
  const rights = useRights();
  const answer = useCall('gw.credit.game.notice.get', { pageIndex: 1, pageSize: 99 }, { refetchInterval: 5_000 });
  const rows = useMemo(() => answer.data?.list ?? [], [answer.data]);
  const lobby = answer.data?.lobby;
  const mayWrite = can(rights, 'gw.credit.game.notice.update');

  const columns = useMemo(
    () => gameNoticeColumns(t, i18n.language, mayWrite, (row) => navigate(`/oprateNotice/index/${row.noticeId}?game=1`)),
    [t, i18n.language, mayWrite, navigate],
  );
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
      <ListBody
        model={model}
        table={{
          label: t('notices.game'),
          total: rows.length,
          loading: answer.isFetching && !answer.data,
          empty: t('notices.noGameNotices'),
          rowHeight: 52,
          minWidth: '60rem',
          testId: 'game-notice-rows',
          rowTestId: 'game-notice-row',
          rowAttributes: (row) => ({ 'data-notice-id': row.noticeId }),
        }}
        frame={(table) => (
          <div className="min-h-40" style={{ height: `min(32rem, ${(rows.length + 1) * 3.25 + 1}rem)` }}>
            {table}
          </div>
        )}
      />
    </div>
  );
}

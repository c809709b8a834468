import type { TFunction } from 'i18next';
import { noticeTitle } from '@commands/notice.commands';
import type { GameNotice } from '@contract/notice.contract';
import { textColumn } from '@/components/data-table/data-table-columns';
import type { DataTableColumn } from '@/components/data-table/data-table-types';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { noticeWindowColumn } from './notice-window-column';

/** The game notices' columns: whether the platform holds each. */
export function gameNoticeColumns(
  t: TFunction,
  language: string,
  mayWrite: boolean,
  editNotice: (row: GameNotice) => void,
): DataTableColumn<GameNotice>[] {
  const title = (key: string) => t(`notices.column.${key}`);
  return [
    textColumn<GameNotice>('title', title('title'), (row) => noticeTitle(row, language), {
      width: 'minmax(14rem,2fr)',
      className: 'font-medium',
    }),
    textColumn<GameNotice>('games', title('games'), (row) => (row.gameCodes.length ? row.gameCodes.join(', ') : t('notices.allGames')), {
      width: '12rem',
    }),
    noticeWindowColumn<GameNotice>(t, language),
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
          <Button type="button" size="sm" variant="secondary" onClick={() => editNotice(row.original)} data-testid="game-notice-edit">
            {t('notices.action.edit')}
          </Button>
        ) : null,
      meta: { width: '7rem', export: false },
    },
  ];
}

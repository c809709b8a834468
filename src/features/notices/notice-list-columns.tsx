import type { TFunction } from 'i18next';
import type { CommandContext, Rights } from '@commands/command';
import { noticeActionsFor, noticeFacts, noticeTitle, runNoticeAction } from '@commands/notice.commands';
import type { NoticeRecord, NoticeStatus } from '@contract/notice.contract';
import { noticeStatusOf } from '@machines/notice-lifecycle.machine';
import { textColumn } from '@/components/data-table/data-table-columns';
import type { DataTableColumn } from '@/components/data-table/data-table-types';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { noticeWindowColumn } from './notice-window-column';

const statusTone: Record<NoticeStatus, BadgeProps['variant']> = {
  draft: 'outline',
  waiting: 'warning',
  sending: 'default',
  complete: 'secondary',
};

/** The notices' columns: each notice's status now (the machine's, on the browser's clock) and the actions it allows. */
export function noticeListColumns(
  t: TFunction,
  language: string,
  rights: Rights,
  commands: CommandContext,
  now: Date,
): DataTableColumn<NoticeRecord>[] {
  const title = (key: string) => t(`notices.column.${key}`);
  const statusNow = (notice: NoticeRecord) => noticeStatusOf(noticeFacts(notice), now);
  return [
    textColumn<NoticeRecord>('title', title('title'), (row) => noticeTitle(row, language), {
      width: 'minmax(14rem,2fr)',
      className: 'font-medium',
    }),
    textColumn<NoticeRecord>('kind', title('kind'), (row) => t(`notices.kind.${row.kind}`), { width: '7rem' }),
    textColumn<NoticeRecord>('level', title('level'), (row) => (row.level === null ? t('notices.anyLevel') : t(`level.${row.level}`)), {
      width: '9rem',
    }),
    noticeWindowColumn<NoticeRecord>(t, language),
    {
      id: 'status',
      header: title('status'),
      cell: ({ row }) => {
        const status = statusNow(row.original);
        return (
          <Badge variant={statusTone[status]} data-testid="notice-status" data-status={status}>
            {t(`notices.status.${status}`)}
          </Badge>
        );
      },
      meta: { width: '7rem', export: { header: title('status'), cell: (row) => t(`notices.status.${statusNow(row)}`) } },
    },
    {
      id: 'actions',
      header: title('actions'),
      cell: ({ row }) => (
        <div className="flex flex-wrap gap-1">
          {noticeActionsFor(rights, row.original, now).map((action) => (
            <Button
              key={action}
              type="button"
              size="sm"
              variant={action === 'DELETE' || action === 'REVOKE' ? 'outline' : 'secondary'}
              onClick={() => void runNoticeAction(commands, row.original, action)}
              data-testid={`notice-${action.toLowerCase()}`}
            >
              {t(`notices.action.${action.toLowerCase()}`)}
            </Button>
          ))}
        </div>
      ),
      meta: { width: '16rem', export: false },
    },
  ];
}

import type { TFunction } from 'i18next';
import type { CommandContext } from '@commands/command';
import { markWatchedSeen, unwatchAccount } from '@commands/monitoring.commands';
import type { WatchedAccount } from '@contract/monitoring.contract';
import { amountColumn, textColumn, timeColumn } from '@/components/data-table/data-table-columns';
import type { DataTableColumn } from '@/components/data-table/data-table-types';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import type { useFormat } from '@/hooks/use-format';
import { levelNames } from '@/components/account-columns';

type Format = ReturnType<typeof useFormat>;

/** A latest event's detail: a score movement's type in words ("up" as 上分), else as recorded (an IP, an order id). */
const latestDetail = (t: TFunction, row: WatchedAccount) =>
  row.latest?.kind === 'score' ? t(`deal.kind.${row.latest.detail}`, { defaultValue: row.latest.detail }) : (row.latest?.detail ?? '');

/** The watched accounts' columns: what each did last and how much of it nobody has seen. */
export function monitoringColumns(t: TFunction, format: Format, commands: CommandContext): DataTableColumn<WatchedAccount>[] {
  const title = (key: string) => t(`monitor.column.${key}`);
  const latest = (row: WatchedAccount) => (row.latest ? t(`monitor.kind.${row.latest.kind}`) : '');
  return [
    textColumn<WatchedAccount>('loginId', title('loginId'), (row) => row.loginId, { width: '9rem', className: 'font-medium' }),
    textColumn<WatchedAccount>('nickname', title('nickname'), (row) => row.nickname, { width: '7rem' }),
    textColumn<WatchedAccount>('level', title('level'), (row) => t(`level.${row.level}`), { width: '6rem', fits: levelNames(t) }),
    textColumn<WatchedAccount>('parent', title('parent'), (row) => row.parentLoginId, { width: '8rem' }),
    amountColumn<WatchedAccount>('balance', title('balance'), (row) => row.balance, format, { width: '8rem' }),
    textColumn<WatchedAccount>(
      'watchedBy',
      title('watchedBy'),
      (row) => [row.monitored ? t('monitor.byCompany') : '', row.exceptionMarked ? t('monitor.byParent') : ''].filter(Boolean).join(', '),
      { width: '7rem' },
    ),
    {
      id: 'unseen',
      header: title('unseen'),
      cell: ({ row }) => (
        <Badge variant={row.original.unseen > 0 ? 'destructive' : 'outline'} data-testid="watched-unseen" data-count={row.original.unseen}>
          {row.original.unseen}
        </Badge>
      ),
      meta: { width: '5rem', export: { header: title('unseen'), cell: (row) => String(row.unseen) } },
    },
    textColumn<WatchedAccount>('latest', title('latest'), latest, { width: '8rem' }),
    textColumn<WatchedAccount>('amount', title('amount'), (row) => (row.latest?.amount ? format.amount(row.latest.amount) : ''), {
      width: '8rem',
      className: 'font-mono tabular-nums',
    }),
    textColumn<WatchedAccount>('detail', title('detail'), (row) => latestDetail(t, row), { width: 'minmax(8rem,1fr)' }),
    timeColumn<WatchedAccount>('time', title('time'), (row) => row.latest?.time, format, { width: '10rem' }),
    {
      id: 'actions',
      header: () => <span className="sr-only">{title('actions')}</span>,
      cell: ({ row }) => (
        <div className="flex gap-1">
          {row.original.unseen > 0 ? (
            <Button
              type="button"
              size="sm"
              variant="outline"
              onClick={() => void markWatchedSeen(commands, row.original)}
              data-testid="watched-seen"
            >
              {t('monitor.markSeen')}
            </Button>
          ) : null}
          {row.original.monitored ? (
            <Button
              type="button"
              size="sm"
              variant="ghost"
              onClick={() => void unwatchAccount(commands, row.original)}
              data-testid="watched-remove"
            >
              {t('monitor.unwatch')}
            </Button>
          ) : null}
        </div>
      ),
      meta: { width: '12rem', export: false },
    },
  ];
}

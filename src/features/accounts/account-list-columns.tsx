import type { TFunction } from 'i18next';
import { Link } from 'wouter';
import { isMemberLevel } from '../../../contract/account-fields.contract';
import { AccountStatusBadge, accountStatusName } from '@/components/account-status-badge';
import { DataTableColumnHeader } from '@/components/data-table/data-table-column-header';
import type { DataTableColumn } from '@/components/data-table/data-table-types';
import { Badge } from '@/components/ui/badge';
import type { AccountRow } from '@/hooks/use-account-pages';
import type { useFormat } from '@/hooks/use-format';
import { beijingTime } from '@/lib/time';

type Format = ReturnType<typeof useFormat>;

function Flags({ row, t }: { row: AccountRow; t: TFunction }) {
  return (
    <>
      {row.exceptionMarked ? (
        <Badge variant="warning" className="ml-1">
          {t('flag.monitored')}
        </Badge>
      ) : null}
      {row.winBlocked ? (
        <Badge variant="destructive" className="ml-1">
          {t('flag.winBlocked')}
        </Badge>
      ) : null}
      {row.betPaused || row.betStopped ? (
        <Badge variant="outline" className="ml-1">
          {t('flag.betStopped')}
        </Badge>
      ) : null}
    </>
  );
}

export function accountListColumns(t: TFunction, format: Format): DataTableColumn<AccountRow>[] {
  const title = (key: string) => t(`accounts.column.${key}`);
  return [
    {
      id: 'loginId',
      accessorFn: (row) => row.loginId,
      header: ({ column }) => <DataTableColumnHeader column={column} title={title('loginId')} />,
      cell: ({ row: { original: row } }) => (
        <>
          {!isMemberLevel(row.level) ? (
            <Link href={`/account/index/${row.userId}`} className="text-primary underline-offset-2 hover:underline" tabIndex={-1}>
              {row.loginId}
            </Link>
          ) : (
            row.loginId
          )}
          {!isMemberLevel(row.level) ? <span className="ml-1 text-xs text-muted-foreground">({row.childCount})</span> : null}
          <Flags row={row} t={t} />
        </>
      ),
      meta: { width: 'minmax(9rem,1.4fr)', className: 'font-medium', export: { header: title('loginId'), cell: (row) => row.loginId } },
    },
    {
      id: 'nickname',
      header: title('nickname'),
      cell: ({ row }) => row.original.nickname,
      meta: { width: 'minmax(6rem,1fr)', export: { header: title('nickname'), cell: (row) => row.nickname } },
    },
    {
      id: 'level',
      header: title('level'),
      cell: ({ row }) => t(`level.${row.original.level}`),
      meta: { width: '6rem', export: { header: title('level'), cell: (row) => t(`level.${row.level}`) } },
    },
    {
      id: 'status',
      header: title('status'),
      cell: ({ row }) => <AccountStatusBadge status={row.original.status} />,
      meta: { width: '6rem', export: { header: title('status'), cell: (row) => accountStatusName(row.status, t) } },
    },
    {
      id: 'balance',
      accessorFn: (row) => row.balance,
      header: ({ column }) => <DataTableColumnHeader column={column} title={title('balance')} />,
      cell: ({ row }) => format.amount(row.original.balance),
      meta: {
        width: 'minmax(7rem,1fr)',
        className: 'font-mono tabular-nums',
        export: { header: title('balance'), cell: (row) => ({ number: row.balance }) },
      },
    },
    {
      id: 'pointLimit',
      header: title('pointLimit'),
      cell: ({ row }) => format.amount(row.original.pointLimit),
      meta: {
        width: 'minmax(7rem,1fr)',
        className: 'font-mono tabular-nums',
        export: { header: title('pointLimit'), cell: (row) => ({ number: row.pointLimit }) },
      },
    },
    {
      id: 'online',
      header: title('online'),
      cell: ({ row }) => (row.original.online ? t('accounts.online') : t('accounts.offline')),
      meta: {
        width: '5rem',
        export: { header: title('online'), cell: (row) => (row.online ? t('accounts.online') : t('accounts.offline')) },
      },
    },
    {
      id: 'lastLoginAt',
      accessorFn: (row) => row.lastLoginAt ?? '',
      header: ({ column }) => <DataTableColumnHeader column={column} title={title('lastLoginAt')} />,
      cell: ({ row }) => (row.original.lastLoginAt ? format.dateTime(row.original.lastLoginAt) : '—'),
      meta: {
        width: 'minmax(10rem,1fr)',
        className: 'text-xs',
        export: { header: title('lastLoginAt'), cell: (row) => (row.lastLoginAt ? beijingTime(row.lastLoginAt) : '') },
      },
    },
  ];
}

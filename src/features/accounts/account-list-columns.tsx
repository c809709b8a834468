import type { TFunction } from 'i18next';
import { Link } from 'wouter';
import { isMemberLevel } from '../../../contract/account-fields.contract';
import { DataTableColumnHeader } from '@/components/data-table/data-table-column-header';
import { accountColumns } from '@/components/account-columns';
import type { DataTableColumn } from '@/components/data-table/data-table-types';
import { Badge } from '@/components/ui/badge';
import type { AccountRow } from '@/hooks/use-account-pages';
import type { useFormat } from '@/hooks/use-format';

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
  const columns = accountColumns<AccountRow>(t, format);
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
    columns.nickname(),
    columns.level(),
    columns.status(),
    columns.balance({ sortable: true }),
    columns.pointLimit(),
    columns.online(),
    columns.lastLoginAt({ sortable: true, className: 'text-xs' }),
  ];
}

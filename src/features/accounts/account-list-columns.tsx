import type { TFunction } from 'i18next';
import { Link } from 'wouter';
import { AccountStatus, isMemberLevel } from '@contract/account-fields.contract';
import { DataTableColumnHeader } from '@/components/data-table/data-table-column-header';
import { accountColumns } from '@/components/account-columns';
import { asOfBalanceColumn } from '@/components/data-table/as-of-column';
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

/** The locks an account has now: its line locked by its upline, its sign-in locked by failed attempts. */
export function accountLocks(row: Pick<AccountRow, 'teamStatus' | 'loginLocked'>, t: TFunction): string[] {
  return [
    ...(row.teamStatus === AccountStatus.disabled ? [t('flag.lineLocked')] : []),
    ...(row.loginLocked ? [t('flag.signInLocked')] : []),
  ];
}

/** The account's locks as badges (nothing without one): the list's cell and the phone's card. */
export function AccountLockBadges({ row, t }: { row: Pick<AccountRow, 'teamStatus' | 'loginLocked'>; t: TFunction }) {
  const locks = accountLocks(row, t);
  if (locks.length === 0) return null;
  return (
    <span className="flex flex-wrap gap-1">
      {locks.map((lock) => (
        <Badge key={lock} variant="destructive" data-testid="account-lock">
          {lock}
        </Badge>
      ))}
    </span>
  );
}

/** The list's columns; with `asOf` (balances at the as-of instant, by userId) the balance column shows those. */
export function accountListColumns(
  t: TFunction,
  format: Format,
  asOf: ReadonlyMap<string, string> | null = null,
): DataTableColumn<AccountRow>[] {
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
    {
      id: 'locks',
      header: title('locks'),
      cell: ({ row: { original: row } }) => <AccountLockBadges row={row} t={t} />,
      meta: { width: 'minmax(8rem,1fr)', export: { header: title('locks'), cell: (row) => accountLocks(row, t).join(', ') } },
    },
    asOf ? asOfBalanceColumn<AccountRow>(t('asOf.balanceColumn'), (row) => row.userId, asOf, format) : columns.balance({ sortable: true }),
    columns.pointLimit(),
    columns.online(),
    columns.lastLoginAt({ sortable: true, className: 'text-xs' }),
  ];
}

import type { TFunction } from 'i18next';
import { backOffice, memberLevel } from '@contract/account-levels.contract';
import { AccountStatusBadge, accountStatusName } from '@/components/account-status-badge';
import { amountColumn, textColumn, timeColumn, type ColumnOptions } from '@/components/data-table/data-table-columns';
import type { DataTableColumn } from '@/components/data-table/data-table-types';
import type { AccountRow } from '@/hooks/use-account-pages';
import type { useFormat } from '@/hooks/use-format';

/** Every level's name in the language: a level column is as wide as the longest (the level columns). */
export const levelNames = (t: TFunction) => [...backOffice, memberLevel].map((level) => t(`level.${level}`));

type AccountFields = Pick<AccountRow, 'nickname' | 'level' | 'status' | 'balance' | 'pointLimit' | 'online' | 'lastLoginAt'>;

/** The columns every table of accounts shows the same way (account list, stop list, search), picked by each. */
export function accountColumns<T extends AccountFields>(t: TFunction, format: ReturnType<typeof useFormat>) {
  const title = (key: string) => t(`accounts.column.${key}`);
  const onlineText = (row: T) => (row.online ? t('accounts.online') : t('accounts.offline'));
  return {
    nickname: () => textColumn<T>('nickname', title('nickname'), (row) => row.nickname),
    level: () => textColumn<T>('level', title('level'), (row) => t(`level.${row.level}`), { width: '6rem', fits: levelNames(t) }),
    status: (): DataTableColumn<T> => ({
      id: 'status',
      header: title('status'),
      cell: ({ row }) => <AccountStatusBadge status={row.original.status} />,
      meta: { width: '6rem', export: { header: title('status'), cell: (row) => accountStatusName(row.status, t) } },
    }),
    balance: (options?: ColumnOptions) => amountColumn<T>('balance', title('balance'), (row) => row.balance, format, options),
    pointLimit: () => amountColumn<T>('pointLimit', title('pointLimit'), (row) => row.pointLimit, format),
    online: () => textColumn<T>('online', title('online'), onlineText, { width: '5rem' }),
    lastLoginAt: (options?: ColumnOptions) => timeColumn<T>('lastLoginAt', title('lastLoginAt'), (row) => row.lastLoginAt, format, options),
  };
}

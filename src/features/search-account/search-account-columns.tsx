import type { TFunction } from 'i18next';
import { ChevronRight } from 'lucide-react';
import { Link } from 'wouter';
import type { ResultOf } from '@contract/methods.contract';
import { AccountStatusBadge } from '@/components/account-status-badge';
import { accountColumns } from '@/components/account-columns';
import type { DataTableColumn } from '@/components/data-table/data-table-types';
import { buttonVariants } from '@/components/ui/button';
import type { useFormat } from '@/hooks/use-format';

export type FoundAccount = ResultOf<'gw.credit.account.search'>['list'][number];

/** Where the account is listed: its parent's page of the account list (the caller's own page for its direct children). */
export function listPathOf(account: FoundAccount): string | null {
  if (!account.parentId || account.line.length < 2) return null;
  return account.line.length > 2 ? `/account/index/${account.parentId}` : '/account/index';
}

export function searchAccountColumns(t: TFunction, format: ReturnType<typeof useFormat>): DataTableColumn<FoundAccount>[] {
  const title = (key: string) => t(`accounts.column.${key}`);
  const lineText = (account: FoundAccount) => account.line.map((step) => step.loginId).join(' > ');
  const columns = accountColumns<FoundAccount>(t, format);
  return [
    {
      id: 'loginId',
      header: title('loginId'),
      cell: ({ row: { original: account } }) => (
        <span className="flex items-center gap-2">
          {account.loginId}
          <AccountStatusBadge status={account.status} />
        </span>
      ),
      meta: { width: 'minmax(10rem,1.2fr)', className: 'font-medium', export: { header: title('loginId'), cell: (row) => row.loginId } },
    },
    {
      id: 'line',
      header: t('accounts.breadcrumb'),
      cell: ({ row: { original: account } }) => (
        <ol className="flex flex-wrap items-center gap-1 text-sm text-muted-foreground" aria-label={t('accounts.breadcrumb')}>
          {account.line.map((step, index) => (
            <li key={step.userId} className="flex items-center gap-1">
              {index > 0 ? <ChevronRight className="size-3" aria-hidden /> : null}
              {step.loginId}
            </li>
          ))}
        </ol>
      ),
      meta: { width: 'minmax(14rem,2fr)', export: { header: t('accounts.breadcrumb'), cell: lineText } },
    },
    columns.status(),
    columns.level(),
    columns.nickname(),
    columns.balance(),
    columns.pointLimit(),
    columns.online(),
    columns.lastLoginAt(),
    {
      id: 'open',
      header: () => <span className="sr-only">{t('search.showInList')}</span>,
      cell: ({ row: { original: account } }) => {
        const path = listPathOf(account);
        return path ? (
          <Link href={path} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
            {t('search.showInList')}
          </Link>
        ) : null;
      },
      meta: { width: 'minmax(9rem,auto)', export: false },
    },
  ];
}

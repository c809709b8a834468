import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { useDataTable } from '@/components/data-table/data-table';
import { ListBody } from '@/components/data-table/list-screen';
import { Button } from '@/components/ui/button';
import { useFormat } from '@/hooks/use-format';
import { AccountSearchField, useAccountSearch } from './account-search-field';
import { listPathOf, searchAccountColumns } from './search-account-columns';

/** /searchAccount/index: find an account anywhere in one's line by name, with suggestions as you type. */
export default function SearchAccountScreen() {
  const { t } = useTranslation();
  const format = useFormat();
  const search = useAccountSearch();
  const found = search.found;
  const [, navigate] = useLocation();
  const columns = useMemo(() => searchAccountColumns(t, format), [t, format]);
  const rows = useMemo(() => found ?? [], [found]);
  const model = useDataTable({ columns, data: rows, getRowId: (account) => account.userId });

  return (
    <section className="space-y-4" data-testid="search-account-screen">
      <h1 className="text-xl font-semibold">{t('route.searchAccount')}</h1>
      <form onSubmit={search.submit} role="search" className="flex items-start gap-2">
        <AccountSearchField state={search} className="flex-1" autoFocus />
        <Button type="submit">{t('search.submit')}</Button>
      </form>

      {found ? (
        <ListBody
          model={model}
          exportAs={{ sheet: t('route.searchAccount'), disabled: found.length === 0 }}
          table={{
            label: t('route.searchAccount'),
            total: found.length,
            empty: t('search.notFound'),
            onOpen: (account) => {
              const path = listPathOf(account);
              if (path) navigate(path);
            },
            rowHeight: 52,
            minWidth: '72rem',
            testId: 'search-results',
            rowTestId: 'search-result',
            rowAttributes: (account) => ({ 'data-login-id': account.loginId }),
          }}
          frame={(table) => <div className="flex h-80 flex-col">{table}</div>}
        />
      ) : null}
    </section>
  );
}

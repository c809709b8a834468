import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { useCall } from '@/api/queries';
import { DataTable, useDataTable } from '@/components/data-table/data-table';
import { DataTableToolbar } from '@/components/data-table/data-table-toolbar';
import { AccountPicker } from '@/components/filters/account-picker';
import { Button } from '@/components/ui/button';
import { useFormat } from '@/hooks/use-format';
import { listPathOf, searchAccountColumns } from './search-account-columns';

/** /searchAccount/index: find an account anywhere in one's line by name, with suggestions as you type. */
export default function SearchAccountScreen() {
  const { t } = useTranslation();
  const format = useFormat();
  const [text, setText] = useState('');
  const [loginId, setLoginId] = useState('');
  const { data } = useCall('gw.credit.account.search', { loginId }, { enabled: loginId !== '' });
  const found = loginId === '' ? null : (data?.list ?? null);
  const [, navigate] = useLocation();
  const columns = useMemo(() => searchAccountColumns(t, format), [t, format]);
  const rows = useMemo(() => found ?? [], [found]);
  const model = useDataTable({ columns, data: rows, getRowId: (account) => account.userId });

  function search(name: string) {
    setText(name);
    setLoginId(name.trim());
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (text.trim()) search(text);
  }

  return (
    <section className="space-y-4" data-testid="search-account-screen">
      <h1 className="text-xl font-semibold">{t('route.searchAccount')}</h1>
      <form onSubmit={submit} role="search" className="flex items-start gap-2">
        <AccountPicker
          className="flex-1"
          label={t('accounts.searchPlaceholder')}
          placeholder={t('accounts.searchPlaceholder')}
          text={text}
          onTextChange={setText}
          onPick={(account) => search(account.loginId)}
          onSubmit={(name) => name && search(name)}
          onClear={() => {
            setText('');
            setLoginId('');
          }}
          autoFocus
          inputData={{ 'data-testid': 'search-input' }}
          optionTestId="search-suggestion"
          renderOption={(account) => (
            <>
              <span>{account.loginId}</span>
              <span className="ml-auto text-muted-foreground">{t(`level.${account.level}`)}</span>
            </>
          )}
        />
        <Button type="submit">{t('search.submit')}</Button>
      </form>

      {found ? (
        <>
          <DataTableToolbar model={model} exportAs={{ name: 'search', sheet: t('route.searchAccount'), disabled: found.length === 0 }} />
          <div className="flex h-80 flex-col">
            <DataTable
              model={model}
              label={t('route.searchAccount')}
              total={found.length}
              empty={t('search.notFound')}
              onOpen={(account) => {
                const path = listPathOf(account);
                if (path) navigate(path);
              }}
              rowHeight={52}
              minWidth="72rem"
              testId="search-results"
              rowTestId="search-result"
              rowAttributes={(account) => ({ 'data-login-id': account.loginId })}
            />
          </div>
        </>
      ) : null}
    </section>
  );
}

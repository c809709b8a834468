import { ChevronRight } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useCall } from '@/api/queries';
import { AccountStatusBadge } from '@/components/account-status-badge';
import { AccountPicker } from '@/components/filters/account-picker';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import { useFormat } from '@/hooks/use-format';

/** /searchAccount/index: find an account anywhere in one's line by name, with suggestions as you type. */
export default function SearchAccountScreen() {
  const { t } = useTranslation();
  const format = useFormat();
  const [text, setText] = useState('');
  const [loginId, setLoginId] = useState('');
  const { data } = useCall('gw.credit.account.search', { loginId }, { enabled: loginId !== '' });
  const found = loginId === '' ? null : (data?.list ?? null);

  function search(name: string) {
    setText(name);
    setLoginId(name.trim());
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (text.trim()) search(text);
  }

  return (
    <section className="max-w-3xl space-y-4" data-testid="search-account-screen">
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

      {found && found.length === 0 ? <p className="text-muted-foreground">{t('search.notFound')}</p> : null}
      {found?.map((account) => (
        <Card key={account.userId} data-testid="search-result">
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              {account.loginId}
              <AccountStatusBadge status={account.status} />
            </CardTitle>
            <ol className="flex flex-wrap items-center gap-1 text-sm text-muted-foreground" aria-label={t('accounts.breadcrumb')}>
              {account.line.map((step, index) => (
                <li key={step.userId} className="flex items-center gap-1">
                  {index > 0 ? <ChevronRight className="size-3" aria-hidden /> : null}
                  {step.loginId}
                </li>
              ))}
            </ol>
          </CardHeader>
          <CardContent>
            <dl className="grid grid-cols-2 gap-x-6 gap-y-1 text-sm sm:grid-cols-4">
              <dt className="text-muted-foreground">{t('accounts.column.level')}</dt>
              <dd>{t(`level.${account.level}`)}</dd>
              <dt className="text-muted-foreground">{t('accounts.column.nickname')}</dt>
              <dd>{account.nickname}</dd>
              <dt className="text-muted-foreground">{t('accounts.column.balance')}</dt>
              <dd className="font-mono">{format.amount(account.balance)}</dd>
              <dt className="text-muted-foreground">{t('accounts.column.pointLimit')}</dt>
              <dd className="font-mono">{account.pointLimit}</dd>
              <dt className="text-muted-foreground">{t('accounts.column.online')}</dt>
              <dd>{account.online ? t('accounts.online') : t('accounts.offline')}</dd>
              <dt className="text-muted-foreground">{t('accounts.column.lastLoginAt')}</dt>
              <dd>{account.lastLoginAt ? format.dateTime(account.lastLoginAt) : '—'}</dd>
            </dl>
            {account.parentId && account.line.length > 1 ? (
              <Link
                href={account.line.length > 2 ? `/account/index/${account.parentId}` : '/account/index'}
                className={cn(buttonVariants({ variant: 'outline', size: 'sm' }), 'mt-4')}
              >
                {t('search.showInList')}
              </Link>
            ) : null}
          </CardContent>
        </Card>
      ))}
    </section>
  );
}

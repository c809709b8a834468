import { ChevronRight, Search } from 'lucide-react';
import { useEffect, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { ResultOf } from '../../../contract/methods.contract';
import { GatewayError, call } from '@/api/gateway-client';
import { AccountStatusBadge } from '@/components/account-status-badge';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { showError } from '@/lib/error-toast';
import { cn } from '@/lib/utils';
import { useFormat } from '@/hooks/use-format';

type Suggestion = ResultOf<'gw.credit.fuzzy.search.tips'>['list'][number];
type Found = ResultOf<'gw.credit.account.search'>['list'][number];

/** /searchAccount/index: find an account anywhere in one's line by name, with suggestions as you type. */
export default function SearchAccountScreen() {
  const { t } = useTranslation();
  const format = useFormat();
  const [text, setText] = useState('');
  const [suggestions, setSuggestions] = useState<Suggestion[]>([]);
  const [active, setActive] = useState(-1);
  const [found, setFound] = useState<Found[] | null>(null);

  useEffect(() => {
    const keyword = text.trim();
    if (keyword === '') {
      setSuggestions([]);
      return;
    }
    let live = true;
    const timer = setTimeout(() => {
      call('gw.credit.fuzzy.search.tips', { keyword, limit: 10 }).then(
        (result) => live && (setSuggestions(result.list), setActive(-1)),
        () => live && setSuggestions([]),
      );
    }, 200);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [text]);

  async function search(loginId: string) {
    setSuggestions([]);
    setText(loginId);
    try {
      setFound((await call('gw.credit.account.search', { loginId })).list);
    } catch (error) {
      showError(error instanceof GatewayError ? error.code : 1, t);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' && suggestions.length > 0) {
      event.preventDefault();
      setActive((index) => (index + 1) % suggestions.length);
    } else if (event.key === 'ArrowUp' && suggestions.length > 0) {
      event.preventDefault();
      setActive((index) => (index <= 0 ? suggestions.length - 1 : index - 1));
    } else if (event.key === 'Escape') {
      setSuggestions([]);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const chosen = active >= 0 ? suggestions[active]?.loginId : text.trim();
    if (chosen) void search(chosen);
  }

  const open = suggestions.length > 0;
  return (
    <section className="max-w-3xl space-y-4" data-testid="search-account-screen">
      <h1 className="text-xl font-semibold">{t('route.searchAccount')}</h1>
      <form onSubmit={submit} role="search" className="relative flex gap-2">
        <div className="relative flex-1">
          <Search className="pointer-events-none absolute top-2.5 left-2 size-4 text-muted-foreground" aria-hidden />
          <Input
            value={text}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={onKeyDown}
            placeholder={t('accounts.searchPlaceholder')}
            aria-label={t('accounts.searchPlaceholder')}
            role="combobox"
            aria-expanded={open}
            aria-controls="search-suggestions"
            aria-autocomplete="list"
            aria-activedescendant={active >= 0 ? `suggestion-${active}` : undefined}
            className="pl-8"
            maxLength={16}
            autoFocus
            data-testid="search-input"
          />
          {open ? (
            <ul
              id="search-suggestions"
              role="listbox"
              aria-label={t('search.suggestions')}
              className="absolute z-10 mt-1 w-full rounded-md border bg-popover p-1 text-popover-foreground shadow-md"
            >
              {suggestions.map((suggestion, index) => (
                <li
                  key={suggestion.userId}
                  id={`suggestion-${index}`}
                  role="option"
                  aria-selected={index === active}
                  onMouseDown={(event) => {
                    event.preventDefault();
                    void search(suggestion.loginId);
                  }}
                  className={cn(
                    'flex cursor-pointer justify-between rounded px-2 py-1.5 text-sm',
                    index === active && 'bg-accent text-accent-foreground',
                  )}
                  data-testid="search-suggestion"
                >
                  <span>{suggestion.loginId}</span>
                  <span className="text-muted-foreground">{t(`level.${suggestion.level}`)}</span>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
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

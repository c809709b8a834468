import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { AccountStatusBadge } from '@/components/account-status-badge';
import { Button } from '@/components/ui/button';
import { useFormat } from '@/hooks/use-format';
import { AccountSearchField, useAccountSearch } from '@/features/search-account/account-search-field';
import { listPathOf } from '@/features/search-account/search-account-columns';

/** /searchAccount/index on a phone: find an account of the line by name; its card opens the list it sits in. */
export default function MobileSearchScreen() {
  const { t } = useTranslation();
  const format = useFormat();
  const [, navigate] = useLocation();
  const search = useAccountSearch();
  const { found } = search;

  return (
    <section className="space-y-3" data-testid="mobile-search">
      <h1 className="text-lg font-semibold">{t('route.searchAccount')}</h1>
      <form onSubmit={search.submit} role="search">
        <AccountSearchField state={search} />
      </form>
      {found && !search.fetching && found.length === 0 ? <p className="text-muted-foreground">{t('search.notFound')}</p> : null}
      <ul className="grid gap-2">
        {(found ?? []).map((account) => {
          const list = listPathOf(account);
          return (
            <li key={account.userId}>
              <article
                className="grid gap-2 rounded-lg border bg-card p-3 text-sm"
                data-testid="mobile-found"
                data-login-id={account.loginId}
              >
                <div className="flex items-center gap-2">
                  <h2 className="flex-1 font-semibold">{account.loginId}</h2>
                  <AccountStatusBadge status={account.status} />
                </div>
                <p className="text-muted-foreground">{account.line.map((step) => step.loginId).join(' › ')}</p>
                <div className="flex items-center gap-2">
                  <span className="flex-1 font-mono tabular-nums">{format.amount(account.balance)}</span>
                  {list ? (
                    <Button variant="outline" size="sm" onClick={() => navigate(list)} data-testid="mobile-found-open">
                      {t('search.showInList')}
                    </Button>
                  ) : null}
                </div>
              </article>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

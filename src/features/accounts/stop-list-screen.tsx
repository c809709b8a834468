import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { accountRowActions, runAccountAction } from '../../../commands/account-actions.commands';
import { whyNot } from '../../../commands/can';
import { Button } from '@/components/ui/button';
import { useAccountPages } from '@/hooks/use-account-pages';
import { useCommands } from '@/hooks/use-command-context';
import { showError } from '@/lib/error-toast';

const resumeBet = accountRowActions.find((action) => action.id === 'member.resumeBet')!;

export default function StopListScreen() {
  const { t } = useTranslation();
  const commands = useCommands();
  const query = useMemo(() => ({ betPaused: true, sort: 'loginId' as const, order: 'asc' as const }), []);
  const pages = useAccountPages('gw.credit.user.query', query);

  useEffect(() => {
    if (pages.error) showError(pages.error, t);
  }, [pages.error, t]);

  return (
    <section className="max-w-3xl space-y-4" data-testid="stop-list-screen">
      <h1 className="text-xl font-semibold">{t('route.stopList')}</h1>
      <p className="text-sm text-muted-foreground">{t('stopList.explain')}</p>
      <p className="text-sm" role="status" data-testid="stop-list-total">
        {t('accounts.total', { count: pages.total })}
      </p>
      {!pages.loading && pages.rows.length === 0 ? <p className="text-muted-foreground">{t('stopList.empty')}</p> : null}
      <ul className="divide-y rounded-md border bg-card">
        {pages.rows.map((row) => {
          const refusal = whyNot(commands.rights, 'gw.credit.user.bet.pursue', row);
          return (
            <li
              key={row.userId}
              className="flex items-center justify-between gap-4 px-4 py-2"
              data-testid="stop-list-row"
              data-login-id={row.loginId}
            >
              <span>
                <span className="font-medium">{row.loginId}</span> <span className="text-sm text-muted-foreground">{row.nickname}</span>
              </span>
              {refusal === null ? (
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => void runAccountAction(commands, row, resumeBet)}
                  aria-label={`${t('action.resumeBet')} ${row.loginId}`}
                >
                  {t('action.resumeBet')}
                </Button>
              ) : (
                <span className="text-sm text-muted-foreground" data-testid="no-action" data-reason={refusal}>
                  {t(`why.${refusal}`)}
                </span>
              )}
            </li>
          );
        })}
      </ul>
      {pages.rows.length < pages.total ? (
        <Button variant="outline" onClick={pages.loadMore} disabled={pages.loading}>
          {t('stopList.loadMore')}
        </Button>
      ) : null}
    </section>
  );
}

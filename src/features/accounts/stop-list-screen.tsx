import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { GatewayError, call } from '@/api/gateway-client';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import { useAccountPages } from '@/hooks/use-account-pages';
import { showError } from '@/lib/error-toast';
import { SessionContext } from '@/lib/session-context';

/** /stopList/index: members of the line whose betting is paused, each with its resume action. */
export default function StopListScreen() {
  const { t } = useTranslation();
  const me = SessionContext.useSelector((state) => state.context.session?.userId);
  const query = useMemo(() => ({ betPaused: true, sort: 'loginId' as const, order: 'asc' as const }), []);
  const pages = useAccountPages('gw.credit.user.query', query);

  useEffect(() => {
    if (pages.error) showError(pages.error, t);
  }, [pages.error, t]);

  async function resume(userId: string, loginId: string) {
    try {
      await call('gw.credit.user.bet.pursue', { userId });
      toast(t('action.done', { action: t('action.resumeBet'), loginId }), { variant: 'success' });
      void pages.reload();
    } catch (error) {
      showError(error instanceof GatewayError ? error.code : 1, t);
    }
  }

  return (
    <section className="max-w-3xl space-y-4" data-testid="stop-list-screen">
      <h1 className="text-xl font-semibold">{t('route.stopList')}</h1>
      <p className="text-sm text-muted-foreground">{t('stopList.explain')}</p>
      <p className="text-sm" role="status" data-testid="stop-list-total">
        {t('accounts.total', { count: pages.total })}
      </p>
      {!pages.loading && pages.rows.length === 0 ? <p className="text-muted-foreground">{t('stopList.empty')}</p> : null}
      <ul className="divide-y rounded-md border bg-card">
        {pages.rows.map((row) => (
          <li
            key={row.userId}
            className="flex items-center justify-between gap-4 px-4 py-2"
            data-testid="stop-list-row"
            data-login-id={row.loginId}
          >
            <span>
              <span className="font-medium">{row.loginId}</span> <span className="text-sm text-muted-foreground">{row.nickname}</span>
            </span>
            {row.parentId === me ? (
              <Button
                size="sm"
                variant="outline"
                onClick={() => void resume(row.userId, row.loginId)}
                aria-label={`${t('action.resumeBet')} ${row.loginId}`}
              >
                {t('action.resumeBet')}
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
      {pages.rows.length < pages.total ? (
        <Button variant="outline" onClick={pages.loadMore} disabled={pages.loading}>
          {t('stopList.loadMore')}
        </Button>
      ) : null}
    </section>
  );
}

import { useMemo } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { AUDIT_MAX_SPAN_DAYS } from '@contract/audit.contract';
import { useCall } from '@/api/queries';
import { useFormat } from '@/hooks/use-format';

const RECENT = 10;

/** A sign-in's result: success, or the catalogue message of the code it was refused with. */
export const signInResult = (t: TFunction, code: number) => (code === 0 ? t('audit.signInOk') : t(String(code), { ns: 'errors' }));

/** The last 10 sign-ins of one account or own sub-account, over the longest range the log answers (15 days up to now). */
export function RecentSignIns({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const range = useMemo(() => {
    const now = Date.now();
    return { startTime: new Date(now - AUDIT_MAX_SPAN_DAYS * 86_400_000).toISOString(), endTime: new Date(now).toISOString() };
  }, []);
  const log = useCall('gw.credit.login.log.query', { userId, ...range, pageIndex: 1, pageSize: RECENT });
  const rows = log.data?.list ?? [];
  return (
    <section aria-labelledby="recent-sign-ins-title" className="space-y-2" data-testid="recent-sign-ins">
      <h2 id="recent-sign-ins-title" className="text-base font-semibold">
        {t('audit.recentSignIns', { count: RECENT })}
      </h2>
      {log.isPending ? (
        <p className="text-sm text-muted-foreground">{t('audit.loading')}</p>
      ) : rows.length === 0 ? (
        <p className="text-sm text-muted-foreground" data-testid="recent-sign-ins-empty">
          {t('audit.noRecentSignIns', { days: AUDIT_MAX_SPAN_DAYS })}
        </p>
      ) : (
        <div className="overflow-x-auto rounded-md border">
          <table className="w-full text-sm">
            <thead className="bg-muted/50 text-left text-xs text-muted-foreground">
              <tr>
                <th className="px-3 py-2 font-medium">{t('audit.time')}</th>
                <th className="px-3 py-2 font-medium">{t('audit.ip')}</th>
                <th className="px-3 py-2 font-medium">{t('audit.region')}</th>
                <th className="px-3 py-2 font-medium">{t('audit.terminal')}</th>
                <th className="px-3 py-2 font-medium">{t('audit.result')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id} className="border-t" data-testid="recent-sign-in" data-code={row.code}>
                  <td className="px-3 py-1.5 text-xs whitespace-nowrap">{format.dateTime(row.time)}</td>
                  <td className="px-3 py-1.5 text-xs">{row.ip}</td>
                  <td className="px-3 py-1.5 text-xs">{row.region}</td>
                  <td className="px-3 py-1.5 text-xs">{row.terminal}</td>
                  <td className={row.code === 0 ? 'px-3 py-1.5' : 'px-3 py-1.5 text-destructive'}>{signInResult(t, row.code)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

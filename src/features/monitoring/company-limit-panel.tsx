import { useTranslation } from 'react-i18next';
import type { ResultOf } from '@contract/methods.contract';
import { useCall } from '@/api/queries';
import { Badge } from '@/components/ui/badge';
import { useFormat } from '@/hooks/use-format';

const STOPS = 'gw.credit.agent.to.company.limit.query';
const REFRESH_MS = 15_000;
type Stop = ResultOf<typeof STOPS>['list'][number];

/** The lines stopped at their agent-to-company limit, read again every 15 seconds. */
export function CompanyLimitSection() {
  const stops = useCall(STOPS, {}, { refetchInterval: REFRESH_MS, silent: true });
  if (!stops.data) return null;
  return <CompanyLimitPanel stops={stops.data.list} />;
}

export function CompanyLimitPanel({ stops }: { stops: readonly Stop[] }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <section
      className="rounded-md border bg-card p-3 text-card-foreground"
      aria-labelledby="company-limit-title"
      data-testid="company-limit"
    >
      <div className="mb-1 flex flex-wrap items-center gap-2">
        <h2 id="company-limit-title" className="text-sm font-semibold">
          {t('companyLimit.title')}
        </h2>
        <Badge variant={stops.length > 0 ? 'destructive' : 'outline'} data-testid="company-limit-count">
          {format.number(stops.length)}
        </Badge>
      </div>
      <p className="mb-2 text-xs text-muted-foreground">{t('companyLimit.hint')}</p>
      {stops.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('companyLimit.none')}</p>
      ) : (
        <div className="max-h-48 overflow-auto">
          <table className="w-full text-sm">
            <thead>
              <tr className="text-left text-muted-foreground">
                <th className="py-1 pr-2 font-medium">{t('companyLimit.account')}</th>
                <th className="py-1 pr-2 font-medium">{t('game.type')}</th>
                <th className="py-1 pr-2 text-right font-medium">{t('companyLimit.used')}</th>
                <th className="py-1 text-right font-medium">{t('companyLimit.limit')}</th>
              </tr>
            </thead>
            <tbody>
              {stops.map((stop) => (
                <tr key={`${stop.userId}-${stop.gameType}`} data-testid="company-limit-row">
                  <td className="py-1 pr-2">{stop.loginId}</td>
                  <td className="py-1 pr-2">{t(`game.${stop.gameType}`)}</td>
                  <td className="py-1 pr-2 text-right tabular-nums text-destructive">{format.amount(stop.used)}</td>
                  <td className="py-1 text-right tabular-nums">{format.amount(stop.limit)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

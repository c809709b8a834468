import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { RefreshCw } from 'lucide-react';
import { inFlightBuckets, type InFlight } from '@contract/reconciliation.contract';
import { useCall } from '@/api/queries';
import { Button } from '@/components/ui/button';
import { useFormat } from '@/hooks/use-format';

/** Transfers settle within seconds: read again this often while the tab is open. */
const REFRESH_MS = 10_000;
const directions = ['in', 'out'] as const;

/** An age in whole seconds as the screen says it: seconds under a minute, minutes under an hour, then hours and minutes. */
export function ageText(t: TFunction, seconds: number): string {
  if (seconds < 60) return t('reconciliation.inFlight.age.seconds', { count: seconds });
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return t('reconciliation.inFlight.age.minutes', { count: minutes });
  return t('reconciliation.inFlight.age.hours', { hours: Math.floor(minutes / 60), minutes: minutes % 60 });
}

/**
 * The reconciliation screen's "In flight" tab (levels 0-1): the site's transfers with the platform
 * not settled yet, per direction and age, and those older than the site's transfer alert.
 */
export function InFlightView({ heading, tabs }: { heading: string; tabs: ReactNode }) {
  const { t } = useTranslation();
  const answer = useCall('gw.credit.reconciliation.inflight.query', {}, { refetchInterval: REFRESH_MS });
  const data = answer.data;
  return (
    <section className="flex flex-col gap-3" data-testid="reconciliation-screen" data-tab="inflight">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-xl font-semibold">{heading}</h1>
        <Button
          type="button"
          size="sm"
          variant="outline"
          onClick={() => void answer.refetch()}
          disabled={answer.isFetching}
          data-testid="in-flight-refresh"
        >
          <RefreshCw className={answer.isFetching ? 'animate-spin' : undefined} aria-hidden />
          {t('reconciliation.inFlight.refresh')}
        </Button>
      </div>
      {tabs}
      <p className="text-sm text-muted-foreground">{t('reconciliation.inFlight.explain', { minutes: data?.alertMinutes ?? 10 })}</p>
      {data ? <InFlightBody data={data} /> : null}
    </section>
  );
}

function InFlightBody({ data }: { data: InFlight }) {
  const { t } = useTranslation();
  if (data.oldestSeconds === null) {
    return (
      <p className="rounded-md border p-4 text-sm" role="status" data-testid="in-flight-settled">
        {t('reconciliation.inFlight.settled')}
      </p>
    );
  }
  return (
    <>
      <p className="text-sm" role="status" data-testid="in-flight-oldest" data-seconds={data.oldestSeconds}>
        {t('reconciliation.inFlight.oldest', { age: ageText(t, data.oldestSeconds) })}
      </p>
      <BucketTable data={data} />
      <OverdueList data={data} />
    </>
  );
}

const cell = 'border-b px-3 py-2 text-left font-normal';

function BucketTable({ data }: { data: InFlight }) {
  const { t } = useTranslation();
  const format = useFormat();
  const figure = (count: number, amount: string) => t('reconciliation.inFlight.figure', { count, amount: format.amount(amount) });
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[48rem] text-sm" data-testid="in-flight-buckets">
        <caption className="sr-only">{t('reconciliation.inFlight.byAge')}</caption>
        <thead>
          <tr className="text-muted-foreground">
            <th className={cell} scope="col">
              {t('reconciliation.inFlight.direction')}
            </th>
            {inFlightBuckets.map(({ bucket }) => (
              <th key={bucket} className={cell} scope="col">
                {t(`reconciliation.inFlight.bucket.${bucket}`)}
              </th>
            ))}
            <th className={cell} scope="col">
              {t('reconciliation.inFlight.all')}
            </th>
          </tr>
        </thead>
        <tbody>
          {directions.map((direction) => (
            <tr key={direction} data-testid="in-flight-direction" data-direction={direction}>
              <th className={cell} scope="row">
                {t(`reconciliation.inFlight.type.${direction}`)}
              </th>
              {data[direction].buckets.map((entry) => (
                <td key={entry.bucket} className={cell} data-bucket={entry.bucket} data-count={entry.count} data-amount={entry.amount}>
                  {figure(entry.count, entry.amount)}
                </td>
              ))}
              <td className={cell} data-bucket="all" data-count={data[direction].count} data-amount={data[direction].amount}>
                {figure(data[direction].count, data[direction].amount)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function OverdueList({ data }: { data: InFlight }) {
  const { t } = useTranslation();
  const format = useFormat();
  const columns = ['member', 'direction', 'amount', 'transferId', 'age', 'since'] as const;
  return (
    <section className="flex flex-col gap-2" aria-labelledby="in-flight-overdue-title" data-testid="in-flight-overdue">
      <h2 id="in-flight-overdue-title" className="text-base font-semibold">
        {t('reconciliation.inFlight.overdue', { count: data.overdueCount, minutes: data.alertMinutes })}
      </h2>
      {data.overdue.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('reconciliation.inFlight.noneOverdue', { minutes: data.alertMinutes })}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[48rem] text-sm">
            <thead>
              <tr className="text-muted-foreground">
                {columns.map((column) => (
                  <th key={column} className={cell} scope="col">
                    {t(`reconciliation.inFlight.column.${column}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.overdue.map((row) => (
                <tr key={row.transferId} data-testid="in-flight-overdue-row" data-transfer={row.transferId} data-direction={row.direction}>
                  <td className={cell}>{row.memberLogin || row.memberId}</td>
                  <td className={cell}>{t(`reconciliation.inFlight.type.${row.direction}`)}</td>
                  <td className={cell}>{format.amount(row.amount)}</td>
                  <td className={`${cell} font-mono`}>{row.transferId}</td>
                  <td className={cell}>{ageText(t, row.ageSeconds)}</td>
                  <td className={cell}>{format.dateTime(row.since)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PLATFORM_FAILED_CALLS_ALERT, PLATFORM_LAG_ALERT_SECONDS, type PlatformHealth } from '@contract/monitoring.contract';
import { useCall } from '@/api/queries';
import { Badge } from '@/components/ui/badge';
import { useFormat } from '@/hooks/use-format';
import { useNow } from '@/hooks/use-now';

const HEALTH = 'gw.credit.platform.health';
const REFRESH_MS = 15_000;

/** "12 seconds ago", "3 minutes ago" in the interface language. */
export function timeAgo(seconds: number, language: string): string {
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  if (seconds < 60) return format.format(-seconds, 'second');
  if (seconds < 3600) return format.format(-Math.floor(seconds / 60), 'minute');
  if (seconds < 86_400) return format.format(-Math.floor(seconds / 3600), 'hour');
  return format.format(-Math.floor(seconds / 86_400), 'day');
}

/** The site's game platform on the monitoring screen, read again every 15 seconds. */
export function PlatformHealthSection() {
  const health = useCall(HEALTH, {}, { refetchInterval: REFRESH_MS, silent: true });
  const now = useNow(REFRESH_MS);
  if (!health.data) return null;
  return <PlatformHealthPanel health={health.data} now={now} />;
}

function Fact({ label, testId, warn = false, children }: { label: string; testId: string; warn?: boolean; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className={warn ? 'font-medium text-destructive' : 'font-medium'} data-testid={testId} data-warn={warn}>
        {children}
      </dd>
    </div>
  );
}

export function PlatformHealthPanel({ health, now }: { health: PlatformHealth; now: Date }) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const since = (iso: string) => Math.max(0, Math.floor((now.getTime() - new Date(iso).getTime()) / 1000));
  return (
    <section
      className="rounded-md border bg-card p-3 text-card-foreground"
      aria-labelledby="platform-health-title"
      data-testid="platform-health"
      data-alert={health.alert}
    >
      <div className="mb-2 flex flex-wrap items-center gap-2">
        <h2 id="platform-health-title" className="text-sm font-semibold">
          {t('platformHealth.title')}
        </h2>
        <Badge
          variant={health.alert ? 'destructive' : 'outline'}
          data-testid="platform-health-state"
          data-paused={health.pausedAt !== null}
        >
          {t(health.pausedAt ? 'platformHealth.paused' : health.alert ? 'platformHealth.alert' : 'platformHealth.ok')}
        </Badge>
      </div>
      <dl className="grid grid-cols-2 gap-3 text-sm md:grid-cols-4 xl:grid-cols-7">
        <Fact label={t('platformHealth.url')} testId="platform-health-url">
          <span className="break-all">{health.url ?? t('platformHealth.embedded')}</span>
        </Fact>
        <Fact label={t('platformHealth.lastSuccess')} testId="platform-health-last-success">
          {health.lastSuccessAt ? (
            <time dateTime={health.lastSuccessAt} title={format.dateTime(health.lastSuccessAt)}>
              {timeAgo(since(health.lastSuccessAt), i18n.language)}
            </time>
          ) : (
            t('platformHealth.never')
          )}
        </Fact>
        <Fact
          label={t('platformHealth.feedLag')}
          testId="platform-health-feed-lag"
          warn={health.feed !== null && health.feed.lagSeconds > PLATFORM_LAG_ALERT_SECONDS}
        >
          {health.feed
            ? t('platformHealth.lag', { seconds: format.number(health.feed.lagSeconds), items: format.number(health.feed.lagItems) })
            : t('platformHealth.notApplicable')}
        </Fact>
        <Fact
          label={t('platformHealth.pending')}
          testId="platform-health-pending"
          warn={health.oldestPendingSeconds !== null && health.oldestPendingSeconds > health.pendingAlertSeconds}
        >
          {format.number(health.pendingTransfers)}
        </Fact>
        <Fact label={t('platformHealth.refusals')} testId="platform-health-refusals" warn={health.signatureRefusals > 0}>
          {format.number(health.signatureRefusals)}
        </Fact>
        <Fact
          label={t('platformHealth.failedCalls')}
          testId="platform-health-failed-calls"
          warn={health.failedCalls >= PLATFORM_FAILED_CALLS_ALERT}
        >
          {format.number(health.failedCalls)}
          {health.lastFailure && (
            <span className="block text-xs font-normal text-muted-foreground" data-testid="platform-health-last-failure">
              <time dateTime={health.lastFailure.at} title={format.dateTime(health.lastFailure.at)}>
                {t('platformHealth.lastFailure', {
                  cause: health.lastFailure.cause,
                  ago: timeAgo(since(health.lastFailure.at), i18n.language),
                })}
              </time>
            </span>
          )}
        </Fact>
        <Fact label={t('platformHealth.unsentPushes')} testId="platform-health-unsent-pushes" warn={health.unsentPushes > 0}>
          {format.number(health.unsentPushes)}
        </Fact>
        <Fact
          label={t('platformHealth.reconciliation')}
          testId="platform-health-reconciliation"
          warn={health.reconciliationDifferences > 0}
        >
          {format.number(health.reconciliationDifferences)}
        </Fact>
      </dl>
    </section>
  );
}

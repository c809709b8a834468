import { useTranslation } from 'react-i18next';
import { useNow } from '@/hooks/use-now';
import { beijingWallTime } from '@contract/beijing-time.contract';

/** Beijing time, YYYY-MM-DD HH:mm:ss, ticking every second (docs/product.md#layout), with the zone it shows in the interface language. */
export function Clock() {
  const { t } = useTranslation();
  const now = useNow();
  return (
    <span className="flex shrink-0 items-baseline gap-1.5 whitespace-nowrap" title={t('layout.clockZone')}>
      <time className="font-mono text-sm tabular-nums" dateTime={now.toISOString()} data-testid="clock">
        {beijingWallTime(now.getTime())}
      </time>
      <span className="text-xs xl:sr-only" data-testid="clock-zone">
        {t('layout.clockZone')}
      </span>
      {/* From 1280 px the header keeps one line: the zone in short, the whole text its tooltip (and read by screen readers). */}
      <span className="hidden text-xs xl:inline" aria-hidden>
        UTC+8
      </span>
    </span>
  );
}

import { useTranslation } from 'react-i18next';
import { useNow } from '@/hooks/use-now';
import { beijingWallTime } from '../../../contract/beijing-time.contract';

/** Beijing time, YYYY-MM-DD HH:mm:ss, ticking every second (spec §2), with the zone it shows in the interface language. */
export function Clock() {
  const { t } = useTranslation();
  const now = useNow();
  return (
    <span className="flex items-baseline gap-1.5">
      <time className="font-mono text-sm tabular-nums" dateTime={now.toISOString()} data-testid="clock">
        {beijingWallTime(now.getTime())}
      </time>
      <span className="text-xs" data-testid="clock-zone">
        {t('layout.clockZone')}
      </span>
    </span>
  );
}

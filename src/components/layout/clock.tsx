import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { beijingClockText } from '@/lib/time';

/** Beijing time, YYYY-MM-DD HH:mm:ss, ticking every second (spec §2), with the zone it shows in the interface language. */
export function Clock() {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <span className="flex items-baseline gap-1.5">
      <time className="font-mono text-sm tabular-nums" dateTime={new Date(now).toISOString()} data-testid="clock">
        {beijingClockText(now)}
      </time>
      <span className="text-xs" data-testid="clock-zone">
        {t('layout.clockZone')}
      </span>
    </span>
  );
}

import dayjs from 'dayjs';
import { useEffect, useState } from 'react';

/** YYYY-MM-DD HH:mm:ss, ticking every second (spec §2). */
export function Clock() {
  const [now, setNow] = useState(() => dayjs());
  useEffect(() => {
    const timer = setInterval(() => setNow(dayjs()), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <time className="font-mono text-sm tabular-nums" dateTime={now.toISOString()} data-testid="clock">
      {now.format('YYYY-MM-DD HH:mm:ss')}
    </time>
  );
}

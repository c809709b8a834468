import { useEffect, useState } from 'react';

/** The browser's time, renewed every `intervalMs`: what a screen deriving states from the clock reads. */
export function useNow(intervalMs = 1000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

import { useEffect, useRef } from 'react';
import { SessionContext } from '@/lib/session-context';

/** Activity is reported to the session at most this often (it restarts the inactivity timer). */
const ACTIVITY_THROTTLE_MS = 5_000;

/** Reports the user's activity to the session machine. */
export function useActivity() {
  const session = SessionContext.useActorRef();
  const last = useRef(0);
  useEffect(() => {
    const report = () => {
      const now = Date.now();
      if (now - last.current < ACTIVITY_THROTTLE_MS) return;
      last.current = now;
      session.send({ type: 'ACTIVITY' });
    };
    const events = ['keydown', 'pointerdown', 'wheel', 'touchstart'] as const;
    events.forEach((name) => window.addEventListener(name, report, { passive: true }));
    return () => events.forEach((name) => window.removeEventListener(name, report));
  }, [session]);
}

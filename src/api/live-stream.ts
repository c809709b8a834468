import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { LIVE_EVENT_NAME, LIVE_STREAM_PATH, liveKinds, parseLiveMessage, type LiveKind } from '@contract/live-events.contract';
import type { MethodName } from '@contract/methods.contract';
import { call } from '@/api/gateway-client';
import { accountReads } from '@/api/queries';
import { SessionContext } from '@/lib/session-context';

/** What a change of each kind makes stale: the reads showing it, fetched again by the screens on show. */
const readsOf: Record<LiveKind, readonly MethodName[]> = {
  points: accountReads,
  notices: ['gw.credit.notice.layer.list', 'gw.credit.notice.page', 'gw.credit.sn.notice.query'],
  site: ['gw.credit.sys.setting.get', 'system.finance.isvisit'],
  monitoring: ['gw.credit.user.monitor.redpoint.count', 'gw.credit.user.monitor.query', 'gw.credit.agent.monitor.query'],
  job: ['gw.credit.job.get'],
};

/** Waits before asking for the stream again after the gateway refused or lost it. */
const RETRY_MS = [2_000, 5_000, 15_000, 30_000];

export type LiveStatus = 'connecting' | 'live' | 'paused';

/**
 * The session's live stream (GET /api/live, server-sent events; the session cookie goes with it):
 * each change makes its reads stale, the header's points and the site's title, theme and
 * maintenance are read again. While it is down, the app's own polling goes on as before; after a
 * pause, everything it may have missed is read again. Answers the stream's state.
 */
export function useLiveStream(): LiveStatus {
  const queryClient = useQueryClient();
  const session = SessionContext.useActorRef();
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const statusRef = useRef(status);

  useEffect(() => {
    if (typeof EventSource === 'undefined') {
      setStatus('paused');
      return;
    }
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    let stopped = false;
    const setBoth = (next: LiveStatus) => {
      statusRef.current = next;
      setStatus(next);
    };

    const apply = (kinds: readonly LiveKind[]) => {
      for (const kind of kinds) for (const method of readsOf[kind]) void queryClient.invalidateQueries({ queryKey: [method] });
      if (kinds.includes('points')) session.send({ type: 'PROFILE.REFRESH' });
      if (kinds.includes('site')) {
        void Promise.all([call('gw.credit.sn.template.get', {}), call('sn.agent.maintain', {})]).then(
          ([site, maintenance]) => {
            session.send({
              type: 'SITE.CHANGED',
              site: { title: site.title, logo: site.logo, idleTimeout: site.idleTimeout, ui: site.ui },
            });
            session.send({ type: 'MAINTENANCE.CHECKED', maintenance });
          },
          () => undefined,
        );
      }
    };

    const onChange = (event: MessageEvent<string>) => {
      const message = parseLiveMessage(event.data);
      if (message) apply([message.kind]);
    };

    const open = () => {
      source = new EventSource(`${location.origin}${LIVE_STREAM_PATH}`);
      source.addEventListener(LIVE_EVENT_NAME, onChange as EventListener);
      source.onopen = () => {
        const wasPaused = statusRef.current === 'paused';
        failures = 0;
        setBoth('live');
        // What changed while the stream was down was heard by nobody here.
        if (wasPaused) apply(liveKinds);
      };
      source.onerror = () => {
        setBoth('paused');
        // The browser reconnects by itself after a dropped stream; a refused one (401, 503) it gives up.
        if (source?.readyState !== EventSource.CLOSED || stopped) return;
        source = null;
        retry = setTimeout(open, RETRY_MS[Math.min(failures, RETRY_MS.length - 1)]);
        failures += 1;
      };
    };
    open();
    return () => {
      stopped = true;
      clearTimeout(retry);
      source?.close();
    };
  }, [queryClient, session]);

  return status;
}

import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLiveStream } from '@/api/live-stream';
import { createQueryClient } from '@/api/queries';
import { MonitorCountsProvider } from '@/hooks/use-monitor-counts';
import { usePreferences } from '@/lib/preferences';
import { SessionContext } from '@/lib/session-context';
import { setSiteCurrency } from '@/lib/site-currency';

/** The signed-in app's server data lives as long as its session: a new sign-in starts empty. */
export function SignedInData({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  const { language } = usePreferences();
  // Answers carry texts in the caller's language (notices, names of games): a new language asks again.
  const firstLanguage = useRef(language);
  useEffect(() => {
    if (language !== firstLanguage.current) void queryClient.invalidateQueries();
    firstLanguage.current = language;
  }, [language, queryClient]);
  // The site's currency (sn.template.get's currency) titles amounts once per table or figure.
  const currency = SessionContext.useSelector((state) => state.context.site?.currency);
  useLayoutEffect(() => setSiteCurrency(currency), [currency]);
  return (
    <QueryClientProvider client={queryClient}>
      <MonitorCountsProvider>{children}</MonitorCountsProvider>
      <LiveUpdates />
    </QueryClientProvider>
  );
}

/** What changes elsewhere, without a reload (the live stream, docs/api.md, "Calls"); a quiet note while the stream is down. */
function LiveUpdates() {
  const { t } = useTranslation();
  const status = useLiveStream();
  if (status !== 'paused') return null;
  return (
    <p
      role="status"
      data-testid="live-paused"
      className="pointer-events-none fixed end-2 bottom-16 z-40 sm:bottom-2 rounded bg-muted/80 px-2 py-0.5 text-xs text-muted-foreground"
    >
      {t('live.paused')}
    </p>
  );
}

import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { createQueryClient } from '@/api/queries';
import { MonitorCountsProvider } from '@/hooks/use-monitor-counts';
import { usePreferences } from '@/lib/preferences';

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
  return (
    <QueryClientProvider client={queryClient}>
      <MonitorCountsProvider>{children}</MonitorCountsProvider>
    </QueryClientProvider>
  );
}

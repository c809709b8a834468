import { setNonce } from 'get-nonce';
import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { configureGatewayClient } from '@/api/gateway-client';
import { i18n, startI18n } from '@/lib/i18n';
import { preferences, startPreferences } from '@/lib/preferences';
import { clearSession, keepSessionEndReason, sessionToken } from '@/lib/session-cookies';

/** What both entries (desktop and phone) do before their first render. */
export async function boot(app: ReactNode): Promise<void> {
  // The page's style nonce (server/gateway/http/app.ts): the <style> a dialog's scroll lock inserts carries it.
  const nonce = document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content;
  if (nonce) setNonce(nonce);

  startPreferences();
  await startI18n();
  configureGatewayClient({
    token: sessionToken,
    language: () => preferences().language,
    // 2202/2221 (docs/product.md#session) reset the stored token and reload the page (each entry reloads to its own login).
    onSessionGone: (data) => {
      keepSessionEndReason(data?.rule);
      clearSession();
      window.location.reload();
    },
    networkErrorMessage: () => i18n.t('error.network'),
  });

  createRoot(document.getElementById('root')!).render(<StrictMode>{app}</StrictMode>);
}

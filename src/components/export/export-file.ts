import { GatewayError, NETWORK_ERROR, SESSION_GONE } from '@/api/gateway-client';
import { i18n } from '@/lib/i18n';
import { preferences } from '@/lib/preferences';
import { clearSession, sessionToken } from '@/lib/session-cookies';

/** The name a download answer gives in `filename*=UTF-8''…` (else its plain filename, else the fallback). */
export function attachmentName(header: string | null, fallback: string): string {
  const encoded = header?.match(/filename\*=UTF-8''([^;]+)/i)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded);
    } catch {
      // A malformed name: the plain one below.
    }
  }
  return header?.match(/filename="([^"]*)"/i)?.[1] ?? fallback;
}

/**
 * An export's file from the gateway (docs/product.md#exports-and-files: `POST /api/files/<fileId>` with the
 * form field opsId). A refusal comes back as a JSON-RPC error and is thrown as a GatewayError,
 * as a call's would be; 2202/2221 end the session the same way.
 */
export async function fetchExportFile(fileId: string): Promise<{ blob: Blob; name: string }> {
  const body = new URLSearchParams({ opsId: sessionToken() ?? '', ztsLang: preferences().language });
  let response: Response;
  try {
    response = await fetch(`${location.origin}/api/files/${encodeURIComponent(fileId)}`, { method: 'POST', body });
  } catch {
    throw new GatewayError(NETWORK_ERROR, i18n.t('error.network'));
  }
  if ((response.headers.get('content-type') ?? '').startsWith('application/json')) {
    const answer = (await response.json().catch(() => ({}))) as { error?: { code: number; message: string } };
    const error = answer.error ?? { code: NETWORK_ERROR, message: i18n.t('error.network') };
    if (SESSION_GONE.includes(error.code)) {
      clearSession();
      window.location.reload();
    }
    throw new GatewayError(error.code, error.message);
  }
  if (!response.ok) throw new GatewayError(NETWORK_ERROR, i18n.t('error.network'));
  return { blob: await response.blob(), name: attachmentName(response.headers.get('content-disposition'), `export-${fileId}`) };
}

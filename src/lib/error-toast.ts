import type { TFunction } from 'i18next';
import { isErrorToastShowing, toast } from '@/components/ui/toaster';

/** Spec §8: the catalogue message of a code, for 4 s, only when no error message is showing. */
export function showError(code: number, t: TFunction): void {
  if (isErrorToastShowing()) return;
  const key = String(code);
  const message = code === 1 ? t('error.network') : t(key, { ns: 'errors', defaultValue: '' }) || t('error.unknown', { code });
  toast(message, { variant: 'error', duration: 4000 });
}

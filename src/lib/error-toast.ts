import type { TFunction } from 'i18next';
import { loadErrorTexts } from '@/lib/i18n';
import { errorToast } from '@/lib/toast';

/** Spec §8: the catalogue message of a code, for 4 s, only when no error message is showing. */
export function showError(code: number, t: TFunction): void {
  const key = String(code);
  void loadErrorTexts().then(() => {
    const message = code === 1 ? t('error.network') : t(key, { ns: 'errors', defaultValue: '' }) || t('error.unknown', { code });
    errorToast(message);
  });
}

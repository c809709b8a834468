import type { TFunction } from 'i18next';
import { loadErrorTexts } from '@/lib/i18n';
import { errorToast } from '@/lib/toast';

/** The catalogue message of a code in the interface language (the errors texts must be loaded). */
export function errorMessage(code: number, t: TFunction): string {
  return code === 1 ? t('error.network') : t(String(code), { ns: 'errors', defaultValue: '' }) || t('error.unknown', { code });
}

/** The catalogue message of a code (docs/product.md#messages), for 4 s, only when no error message is showing. */
export function showError(code: number, t: TFunction): void {
  void loadErrorTexts().then(() => errorToast(errorMessage(code, t)));
}

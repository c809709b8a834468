import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmount, formatDateTime, formatNumber, formatPercent } from '@/lib/format';

/** The formatters of src/lib/format.ts bound to the interface language (re-rendered when it changes). */
export function useFormat() {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(
    () => ({
      amount: (value: string) => formatAmount(value, language),
      number: (value: number | bigint) => formatNumber(value, language),
      percent: (value: number) => formatPercent(value, language),
      dateTime: (instant: string | number | Date) => formatDateTime(instant, language),
    }),
    [language],
  );
}

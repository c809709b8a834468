import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmount, formatDateMinute, formatDateTime, formatDay, formatMonthDay, formatNumber, formatPercent } from '@/lib/format';
import { useSiteCurrency } from '@/lib/site-currency';

/** The formatters of src/lib/format.ts bound to the interface language (re-rendered when it changes). */
export function useFormat() {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const currency = useSiteCurrency();
  return useMemo(
    () => ({
      /** The site's currency code, shown once per table or figure (an amount column's title); empty when unknown. */
      currency,
      amount: (value: string) => formatAmount(value, language),
      number: (value: number | bigint) => formatNumber(value, language),
      percent: (value: number) => formatPercent(value, language),
      dateTime: (instant: string | number | Date) => formatDateTime(instant, language),
      dateMinute: (instant: string | number | Date) => formatDateMinute(instant, language),
      /** A Beijing day `YYYY-MM-DD`, written as a date. */
      day: (day: string) => formatDay(day, language),
      /** A Beijing day `YYYY-MM-DD` as month and day (a chart's axis). */
      monthDay: (day: string) => formatMonthDay(day, language),
    }),
    [language, currency],
  );
}

import { BEIJING_OFFSET_MS, BEIJING_ZONE } from '@contract/beijing-time.contract';
import { textFormatter } from './text-formatter';

/**
 * Numbers, amounts and dates as the interface language writes them (Intl). Amounts come from
 * the gateway as decimal strings of integer cents ("-1234567.80"): they are formatted from the
 * string's own digits and never pass through a floating-point number.
 */

const LOCALES: Record<string, string> = {
  zh: 'zh-CN',
  en: 'en-US',
  // Thai Intl dates default to the Buddhist era; the office counts in Gregorian years like its filters.
  th: 'th-TH-u-ca-gregory',
  vi: 'vi-VN',
  id: 'id-ID',
};

/** The Intl locale of an interface language (zh, en, th, vi, id); Chinese is the default. */
export function localeOf(language: string): string {
  return LOCALES[language.slice(0, 2)] ?? LOCALES.zh!;
}

const integers = new Map<string, Intl.NumberFormat>();
const symbols = new Map<string, { decimal: string; minus: string }>();
const dateTimes = new Map<string, Intl.DateTimeFormat>();

function integerFormat(locale: string): Intl.NumberFormat {
  let format = integers.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { maximumFractionDigits: 0, useGrouping: true });
    integers.set(locale, format);
  }
  return format;
}

function symbolsOf(locale: string): { decimal: string; minus: string } {
  let found = symbols.get(locale);
  if (!found) {
    const parts = new Intl.NumberFormat(locale, { minimumFractionDigits: 1 }).formatToParts(-1.5);
    found = {
      decimal: parts.find((part) => part.type === 'decimal')?.value ?? '.',
      minus: parts.find((part) => part.type === 'minusSign')?.value ?? '-',
    };
    symbols.set(locale, found);
  }
  return found;
}

/** A count or other plain number with the language's grouping (12,345 or 12.345). */
export function formatNumber(value: number | bigint, language: string): string {
  const locale = localeOf(language);
  return typeof value === 'bigint' || Number.isInteger(value)
    ? integerFormat(locale).format(value)
    : new Intl.NumberFormat(locale).format(value);
}

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/**
 * A decimal amount string with thousands separators and at least two decimals, digit for digit:
 * "1234567.8" -> "1,234,567.80" (zh, en, th), "1.234.567,80" (vi, id). Text that is not a
 * decimal number is returned as it is.
 */
export function formatAmount(value: string, language: string): string {
  const match = DECIMAL.exec(value.trim());
  if (!match) return value;
  const [, sign, whole, fraction = ''] = match;
  const locale = localeOf(language);
  const { decimal, minus } = symbolsOf(locale);
  const negative = sign === '-' && /[1-9]/.test(whole! + fraction);
  return `${negative ? minus : ''}${integerFormat(locale).format(BigInt(whole!))}${decimal}${fraction.padEnd(2, '0')}`;
}

/** How much of a Beijing time a written date shows. */
const DATE_PARTS = {
  dateTime: { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' },
  dateMinute: { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
  day: { year: 'numeric', month: '2-digit', day: '2-digit' },
  monthDay: { month: '2-digit', day: '2-digit' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

/** Every written date: an instant in Beijing time, in the interface language's order and separators. */
function formatBeijing(instant: string | number | Date, language: string, parts: keyof typeof DATE_PARTS): string {
  const locale = localeOf(language);
  const key = `${locale} ${parts}`;
  let format = dateTimes.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { timeZone: BEIJING_ZONE, ...DATE_PARTS[parts] });
    dateTimes.set(key, format);
  }
  return format.format(new Date(instant));
}

/** An instant as Beijing date and time in the language's order, 24-hour clock, with seconds. */
export function formatDateTime(instant: string | number | Date, language: string): string {
  return formatBeijing(instant, language, 'dateTime');
}

/** An instant as Beijing date and time to the minute, in the language's order (a notice's window). */
export function formatDateMinute(instant: string | number | Date, language: string): string {
  return formatBeijing(instant, language, 'dateMinute');
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The instant a Beijing day `YYYY-MM-DD` starts, or null when the text is no real day. */
function dayStart(day: string): number | null {
  const match = DAY.exec(day);
  if (!match) return null;
  const utcMidnight = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return new Date(utcMidnight).toISOString().startsWith(day) ? utcMidnight - BEIJING_OFFSET_MS : null;
}

/** A Beijing day `YYYY-MM-DD` as the language writes a date; other text (a totals row's label) as it is. */
export function formatDay(day: string, language: string): string {
  const start = dayStart(day);
  return start === null ? day : formatBeijing(start, language, 'day');
}

/** A Beijing day `YYYY-MM-DD` as month and day in the language's order (a chart's axis); other text as it is. */
export function formatMonthDay(day: string, language: string): string {
  const start = dayStart(day);
  return start === null ? day : formatBeijing(start, language, 'monthDay');
}

/** A percent given in percent units (-0.82 for -0.82 %) with two decimals, as the language writes it. */
export function formatPercent(value: number, language: string): string {
  return new Intl.NumberFormat(localeOf(language), { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    value / 100,
  );
}

/** Interpolated values that are numbers but no quantity: codes, serial numbers, a roulette number. */
const NOT_QUANTITIES = new Set(['code', 'id', 'serial', 'serialNo', 'serials', 'number', 'dice']);
/** Interpolated values that are amount strings ("1000000.00"). */
const AMOUNTS = new Set(['amount', 'before', 'after', 'balance']);

/**
 * A value put into a translated text: a count or other number with the language's grouping, an
 * amount string as formatAmount writes it; anything else (and codes) as it is.
 */
export function interpolatedValue(value: unknown, key: string | undefined, language: string): unknown {
  if (key !== undefined && NOT_QUANTITIES.has(key)) return value;
  if (typeof value === 'number' && Number.isFinite(value)) return formatNumber(value, language);
  if (typeof value === 'string' && key !== undefined && AMOUNTS.has(key)) return formatAmount(value, language);
  return value;
}

/** The formatter module with the number formatting in place from the start (tests; the app swaps it in late, see i18n.ts). */
export const numberFormatter = textFormatter(() => interpolatedValue);

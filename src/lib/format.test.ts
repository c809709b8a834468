import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import i18next from 'i18next';
import {
  formatAmount,
  formatDateMinute,
  formatDateTime,
  formatDay,
  formatMonthDay,
  formatNumber,
  formatPercent,
  localeOf,
  numberFormatter,
} from './format';
import { beijingDay } from './time';

const saved = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'Asia/Bangkok';
});
afterAll(() => {
  process.env.TZ = saved;
});

describe('format by interface language', () => {
  it('maps each interface language to its Intl locale, Chinese by default', () => {
    expect(['zh', 'en', 'th', 'vi', 'id', 'fr'].map(localeOf)).toEqual(['zh-CN', 'en-US', 'th-TH-u-ca-gregory', 'vi-VN', 'id-ID', 'zh-CN']);
  });

  it('groups amounts by language and keeps two decimals', () => {
    expect(formatAmount('10000000.00', 'zh')).toBe('10,000,000.00');
    expect(formatAmount('10000000.00', 'en')).toBe('10,000,000.00');
    expect(formatAmount('10000000.00', 'th')).toBe('10,000,000.00');
    expect(formatAmount('10000000.00', 'vi')).toBe('10.000.000,00');
    expect(formatAmount('10000000.00', 'id')).toBe('10.000.000,00');
    expect(formatAmount('-9999.5', 'en')).toBe('-9,999.50');
    expect(formatAmount('999.99', 'zh')).toBe('999.99');
    expect(formatAmount('0.00', 'zh')).toBe('0.00');
    expect(formatAmount('-0.00', 'zh')).toBe('0.00');
    expect(formatAmount('-0.01', 'vi')).toBe('-0,01');
  });

  it('formats amounts digit for digit, beyond what a double holds', () => {
    // 2^53 + 1 cents: a floating-point detour would print ...992.00 or round the cents away.
    expect(formatAmount('90071992547409.93', 'en')).toBe('90,071,992,547,409.93');
    expect(formatAmount('12345678901234567890.05', 'id')).toBe('12.345.678.901.234.567.890,05');
  });

  it('keeps every digit of any amount, whatever the grouping', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 22n), max: 10n ** 22n }), fc.constantFrom('zh', 'en', 'th', 'vi', 'id'), (cents, language) => {
        const abs = cents < 0n ? -cents : cents;
        const text = `${cents < 0n ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
        const shown = formatAmount(text, language);
        const decimal = language === 'vi' || language === 'id' ? ',' : '.';
        const [whole, fraction] = shown.split(decimal);
        expect(fraction).toBe(String(abs % 100n).padStart(2, '0'));
        expect(whole!.replace(/[^0-9-]/g, '')).toBe(`${cents < 0n ? '-' : ''}${abs / 100n}`);
      }),
    );
  });

  it('leaves text that is not an amount as it is', () => {
    expect(formatAmount('', 'zh')).toBe('');
    expect(formatAmount('—', 'zh')).toBe('—');
    expect(formatAmount('1e5', 'zh')).toBe('1e5');
  });

  it('groups counts', () => {
    expect(formatNumber(1234567, 'zh')).toBe('1,234,567');
    expect(formatNumber(1234567, 'vi')).toBe('1.234.567');
    expect(formatNumber(12n, 'en')).toBe('12');
    expect(formatNumber(1.2, 'id')).toBe('1,2');
  });

  it('writes Beijing date and time in the language order, not in the local zone', () => {
    const instant = '2026-03-01T16:05:09.000Z';
    expect(formatDateTime(instant, 'zh')).toBe('2026/03/02 00:05:09');
    expect(formatDateTime(instant, 'en')).toBe('03/02/2026, 00:05:09');
    expect(formatDateTime(instant, 'th')).toBe('02/03/2026 00:05:09');
    expect(formatDateTime(instant, 'vi')).toMatch(/^00:05:09,? 02\/03\/2026$/);
    expect(formatDateTime(instant, 'id')).toBe('02/03/2026, 00.05.09');
  });

  it('writes Beijing days, month-days and minutes in each of the five languages, not in the local zone', () => {
    // 16:05 UTC on 1 March is already 2 March in Beijing (and still 1 March 23:05 in Bangkok).
    const instant = '2026-03-01T16:05:09.000Z';
    const languages = ['zh', 'en', 'th', 'vi', 'id'];
    expect(languages.map((language) => formatDateMinute(instant, language))).toEqual([
      '2026/03/02 00:05',
      '03/02/2026, 00:05',
      '02/03/2026 00:05',
      '00:05 02/03/2026',
      '02/03/2026, 00.05',
    ]);
    expect(languages.map((language) => formatDay('2026-03-02', language))).toEqual([
      '2026/03/02',
      '03/02/2026',
      '02/03/2026',
      '02/03/2026',
      '02/03/2026',
    ]);
    expect(languages.map((language) => formatMonthDay('2026-03-02', language))).toEqual(['03/02', '03/02', '02/03', '02-03', '02/03']);
    // A Beijing day stays that day whatever the zone, at its first and its last moment.
    expect(formatDay(beijingDay(Date.parse('2026-12-31T15:59:59.999Z')), 'en')).toBe('12/31/2026');
    expect(formatDay(beijingDay(Date.parse('2026-12-31T16:00:00.000Z')), 'en')).toBe('01/01/2027');
    // Not a day (a totals row's label): written as it is.
    expect(formatDay('合计', 'zh')).toBe('合计');
    expect(formatMonthDay('', 'en')).toBe('');
  });

  it('writes percents with two decimals where the language puts them', () => {
    expect(formatPercent(-0.82, 'zh')).toBe('-0.82%');
    expect(formatPercent(12.5, 'en')).toBe('12.50%');
    expect(formatPercent(1234.5, 'vi')).toMatch(/^1\.234,50\s?%$/);
    expect(formatPercent(-0.82, 'id')).toBe('-0,82%');
  });
});

describe('numbers in translated texts', () => {
  const texts = {
    total: '共 {{count}} 局',
    moved: '{{loginId}} {{before}} → {{after}}',
    unknown: '错误 {{code}}',
    serial: '流水号 {{serialNo}}，{{name}}',
  };

  async function translator(language: string) {
    const instance = i18next.createInstance();
    await instance.use(numberFormatter).init({
      lng: language,
      resources: { [language]: { common: texts } },
      defaultNS: 'common',
      interpolation: { escapeValue: false, alwaysFormat: true },
    });
    return instance.t;
  }

  it('groups counts and writes amount strings for the interface language', async () => {
    const zh = await translator('zh');
    expect(zh('total', { count: 1330 })).toBe('共 1,330 局');
    expect(zh('moved', { loginId: '1000', before: '1000000.00', after: '1002500' })).toBe('1000 1,000,000.00 → 1,002,500.00');
    const vi = await translator('vi');
    expect(vi('total', { count: 1330 })).toBe('共 1.330 局');
    expect(vi('moved', { loginId: 'ag1', before: '-1000000.5', after: '0.00' })).toBe('ag1 -1.000.000,50 → 0,00');
  });

  it('leaves codes, serial numbers and other text as they are', async () => {
    const en = await translator('en');
    expect(en('unknown', { code: 37100 })).toBe('错误 37100');
    expect(en('serial', { serialNo: 123456, name: '12345' })).toBe('流水号 123456，12345');
    expect(en('moved', { loginId: 'x', before: '—', after: 'n/a' })).toBe('x — → n/a');
  });
});

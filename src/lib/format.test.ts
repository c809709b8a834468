import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatAmount, formatDateTime, formatNumber, localeOf } from './format';

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
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCents, parseBasisPoints, parseCents } from './amount.contract';

describe('amounts in integer cents', () => {
  it('reads decimal text and numbers exactly', () => {
    expect(parseCents('100')).toBe(10_000);
    expect(parseCents('10.5')).toBe(1_050);
    expect(parseCents('10.50')).toBe(1_050);
    expect(parseCents(0.1)).toBe(10);
    expect(parseCents(1234567.89)).toBe(123_456_789);
    expect(parseCents('0.07')).toBe(7);
    for (const bad of ['', '1.234', '-1', '01', '1e3', 'abc', ' 1 2', '1.', '.5', 'Infinity', '1,000']) expect(parseCents(bad), bad).toBeNull();
    expect(parseCents(Number.NaN)).toBeNull();
    expect(parseCents(1e21)).toBeNull();
  });

  it('formats with exactly two decimals, and format then parse is the identity', () => {
    expect(formatCents(0)).toBe('0.00');
    expect(formatCents(1050)).toBe('10.50');
    expect(formatCents(-5)).toBe('-0.05');
    fc.assert(fc.property(fc.bigInt({ min: 0n, max: 9_000_000_000_000_000n }), (cents) => parseCents(formatCents(cents)) === Number(cents)));
  });

  it('reads percents into hundredths of a percent, up to 100', () => {
    expect(parseBasisPoints(80)).toBe(8_000);
    expect(parseBasisPoints('1.2')).toBe(120);
    expect(parseBasisPoints(100)).toBe(10_000);
    expect(parseBasisPoints(100.01)).toBeNull();
    expect(parseBasisPoints('0.005')).toBeNull();
    fc.assert(fc.property(fc.integer({ min: 0, max: 10_000 }), (points) => parseBasisPoints(String(points / 100)) === points));
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  centsOfBasisPoints,
  divideRounded,
  centsOrZero,
  formatCents,
  MAX_CENTS,
  parseBasisPoints,
  parseCents,
  parseSignedCents,
  positiveAmountSchema,
} from './amount.contract';

describe('amounts in integer cents', () => {
  it('reads decimal text and numbers exactly', () => {
    expect(parseCents('100')).toBe(10_000);
    expect(parseCents('10.5')).toBe(1_050);
    expect(parseCents('10.50')).toBe(1_050);
    expect(parseCents(0.1)).toBe(10);
    expect(parseCents(1234567.89)).toBe(123_456_789);
    expect(parseCents('0.07')).toBe(7);
    for (const bad of ['', '1.234', '-1', '01', '1e3', 'abc', ' 1 2', '1.', '.5', 'Infinity', '1,000'])
      expect(parseCents(bad), bad).toBeNull();
    expect(parseCents(Number.NaN)).toBeNull();
    expect(parseCents(1e21)).toBeNull();
  });

  it('formats with exactly two decimals, and format then parse is the identity', () => {
    expect(formatCents(0)).toBe('0.00');
    expect(formatCents(1050)).toBe('10.50');
    expect(formatCents(-5)).toBe('-0.05');
    fc.assert(fc.property(fc.bigInt({ min: 0n, max: MAX_CENTS }), (cents) => parseCents(formatCents(cents)) === Number(cents)));
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

/** What the text means, computed on strings and bigints only: the model the parser is checked against. */
function exactCents(text: string): bigint {
  const [whole, fraction = ''] = text.split('.');
  return BigInt(whole!) * 100n + BigInt(fraction.padEnd(2, '0'));
}

/**
 * A decimal as a person writes it: digits without leading zeros, then 0, 1 or 2 decimals, up to
 * the maximum. Kept by the model's value, never by the parser under test, so a text the parser
 * wrongly refuses fails the properties instead of being left out of them.
 */
const decimalText = fc
  .tuple(fc.bigInt({ min: 0n, max: MAX_CENTS / 100n }), fc.constantFrom('', '.d', '.dd'), fc.integer({ min: 0, max: 99 }))
  .map(([whole, shape, fraction]) =>
    shape === '' ? String(whole) : shape === '.d' ? `${whole}.${fraction % 10}` : `${whole}.${String(fraction).padStart(2, '0')}`,
  )
  .filter((text) => exactCents(text) <= MAX_CENTS);

describe('amount parsing and formatting (properties)', () => {
  it('reads every decimal text to its exact cents, an exact integer, and formats it back', () => {
    fc.assert(
      fc.property(decimalText, (text) => {
        const cents = parseCents(text)!;
        expect(Number.isSafeInteger(cents)).toBe(true);
        expect(BigInt(cents)).toBe(exactCents(text));
        // Formatting gives the same value with exactly two decimals.
        const formatted = formatCents(cents);
        expect(formatted).toMatch(/^(0|[1-9][0-9]*)\.[0-9]{2}$/);
        expect(exactCents(formatted)).toBe(exactCents(text));
        expect(parseCents(formatted)).toBe(cents);
      }),
      { numRuns: 2_000 },
    );
  });

  it('formats every amount up to the maximum and reads it back unchanged', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: MAX_CENTS }), (cents) => {
        expect(BigInt(parseCents(formatCents(cents))!)).toBe(cents);
      }),
      { numRuns: 2_000 },
    );
  });

  it('reads a JSON number exactly as the decimal the client wrote, below 10^13 points', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 15n - 1n }), (cents) => {
        const wire = JSON.parse(formatCents(cents)) as number;
        expect(BigInt(parseCents(wire)!)).toBe(cents);
      }),
      { numRuns: 2_000 },
    );
    // Larger ones travel as strings: as doubles they may not be what the client wrote.
    expect(parseCents(1e13)).toBeNull();
    expect(parseCents('10000000000000.00')).toBe(1_000_000_000_000_000);
  });

  it('refuses more than two decimals, signs, exponents, separators, leading zeros and amounts over the maximum', () => {
    const broken = fc.oneof(
      decimalText.map((text) => `${text.split('.')[0]}.${(text.split('.')[1] ?? '').padEnd(2, '0')}1`),
      decimalText.map((text) => `-${text}`),
      decimalText.map((text) => `+${text}`),
      decimalText.map((text) => `${text}e0`),
      decimalText.map((text) => `0${text}`).filter((text) => !text.startsWith('0.')),
      decimalText.map((text) => `1,${text}`),
      decimalText.map((text) => `${text.replace('.', ' .')}`).filter((text) => text.includes(' ')),
      fc.bigInt({ min: MAX_CENTS + 1n, max: 10n ** 18n - 1n }).map((cents) => formatCents(cents)),
    );
    fc.assert(
      fc.property(broken, (text) => {
        expect(parseCents(text), text).toBeNull();
      }),
      { numRuns: 2_000 },
    );
    for (const bad of [Number.NaN, Infinity, -Infinity, -0.01, 0.001, 1e-7, 5e-324]) expect(parseCents(bad), String(bad)).toBeNull();
  });

  it('a points amount is above zero', () => {
    expect(positiveAmountSchema.safeParse('0').success).toBe(false);
    expect(positiveAmountSchema.safeParse(0).success).toBe(false);
    expect(positiveAmountSchema.safeParse('0.01').data).toBe(1);
    fc.assert(
      fc.property(decimalText, (text) => {
        expect(positiveAmountSchema.safeParse(text).success).toBe(exactCents(text) > 0n);
      }),
    );
  });
});

describe('sub-cent rounding', () => {
  it('rounds half away from zero, on both sides of zero', () => {
    const cases: [bigint, bigint][] = [
      [4_999n, 0n],
      [5_000n, 1n],
      [15_000n, 2n],
      [14_999n, 1n],
      [-4_999n, 0n],
      [-5_000n, -1n],
      [-15_000n, -2n],
      [0n, 0n],
    ];
    expect(cases.map(([value]) => [value, centsOfBasisPoints(value)])).toEqual(cases);
    // An odd unit has no exact half: 7 / 3 = 2.33 and 8 / 3 = 2.67.
    expect([7n, 8n, -7n, -8n].map((value) => divideRounded(value, 3n))).toEqual([2n, 3n, -2n, -3n]);
    expect(() => divideRounded(1n, 0n)).toThrow(RangeError);
  });

  it('is odd and is the nearest whole unit, the half going away from zero', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 24n), max: 10n ** 24n }), fc.bigInt({ min: 1n, max: 10n ** 9n }), (value, unit) => {
        const rounded = divideRounded(value, unit);
        const distance = 2n * (value - rounded * unit);
        const nearest = distance <= unit && distance >= -unit;
        // At a tie the rest is half a unit toward zero, never away from it.
        const halfAway = distance !== unit * (value < 0n ? -1n : 1n);
        return nearest && halfAway && divideRounded(-value, unit) === -rounded;
      }),
    );
  });
});

// The copies parseSignedCents and centsOrZero replace, as they were: the daily report's sum of an
// amount column, and the score transfer's and the points commands' read of a balance or limit.
const dailyReportCentsOf = (amount: string) => {
  const [whole = '0', fraction = ''] = amount.replace('-', '').split('.');
  const value = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2));
  return amount.startsWith('-') ? -value : value;
};
const balanceCentsOf = (value: string) => BigInt(parseCents(value) ?? 0);

/** A decimal as a person writes it (decimalText), with or without a minus. */
const signedDecimalText = fc.tuple(fc.boolean(), decimalText).map(([negative, text]) => (negative ? `-${text}` : text));

describe('signed amounts in integer cents', () => {
  it('reads a minus, and refuses what is not a plain decimal with at most 2 decimals', () => {
    expect(parseSignedCents('-1234.5')).toBe(-123_450n);
    expect(parseSignedCents('10.50')).toBe(1_050n);
    expect(parseSignedCents(' -0.05 ')).toBe(-5n);
    expect(parseSignedCents('-0')).toBe(0n);
    expect(parseSignedCents(formatCents(-MAX_CENTS))).toBe(-MAX_CENTS);
    for (const bad of ['', '-', '--1', '+1', '1.234', '01', '-01', '1e3', 'abc', '- 1', '1-', '.5', '-.5', '1,000'])
      expect(parseSignedCents(bad), bad).toBeNull();
    expect(parseSignedCents(formatCents(MAX_CENTS + 1n))).toBeNull();
    expect(parseSignedCents(formatCents(-MAX_CENTS - 1n))).toBeNull();
  });

  it('reads every signed decimal to its exact cents, and every formatted amount back unchanged', () => {
    fc.assert(
      fc.property(signedDecimalText, (text) => {
        const cents = exactCents(text.replace('-', ''));
        expect(parseSignedCents(text)).toBe(text.startsWith('-') ? -cents : cents);
      }),
      { numRuns: 2_000 },
    );
    fc.assert(
      fc.property(fc.bigInt({ min: -MAX_CENTS, max: MAX_CENTS }), (cents) => parseSignedCents(formatCents(cents)) === cents),
      { numRuns: 2_000 },
    );
  });

  it("gives the daily report's old sums for every amount the gateway writes, and shorter decimals", () => {
    for (const text of ['0', '0.00', '-0.00', '12', '12.5', '-12.5', '0.07', '-0.05', '-1234.50', formatCents(MAX_CENTS)])
      expect(parseSignedCents(text), text).toBe(dailyReportCentsOf(text));
    fc.assert(
      fc.property(fc.bigInt({ min: -MAX_CENTS, max: MAX_CENTS }), (cents) => {
        const text = formatCents(cents);
        return parseSignedCents(text) === dailyReportCentsOf(text);
      }),
      { numRuns: 2_000 },
    );
    fc.assert(
      fc.property(signedDecimalText, (text) => parseSignedCents(text) === dailyReportCentsOf(text)),
      { numRuns: 2_000 },
    );
  });

  it("centsOrZero gives the score transfer's and the points commands' old reading for every text", () => {
    const edges = ['', ' ', '-', '-0', '-0.00', '-5', '-5.00', ' 5 ', '5.', '.5', '05', '5.001', '1e3', '+5', '--5', 'abc'];
    for (const text of [...edges, formatCents(MAX_CENTS), formatCents(MAX_CENTS + 1n), formatCents(-MAX_CENTS)])
      expect(centsOrZero(text), JSON.stringify(text)).toBe(balanceCentsOf(text));
    fc.assert(
      fc.property(fc.oneof(fc.string(), signedDecimalText, fc.stringMatching(/^\s?-?[0-9]{0,19}(\.[0-9]{0,3})?\s?$/)), (text) => {
        expect(centsOrZero(text)).toBe(balanceCentsOf(text));
      }),
      { numRuns: 5_000 },
    );
  });
});

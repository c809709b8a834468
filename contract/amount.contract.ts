import { z } from 'zod';

/**
 * Points are integer cents everywhere. On the wire an amount is a decimal string ("100",
 * "10.50") or a JSON number, read from its decimal text straight into cents: never through a
 * float multiplication. Output is always a string with exactly two decimals ("1000.00").
 */

/**
 * The largest amount that is still an exact JavaScript integer (90,071,992,547,409.91 points):
 * every amount fits in a number without loss, and in a PostgreSQL bigint with room to add.
 */
export const MAX_CENTS = BigInt(Number.MAX_SAFE_INTEGER);
/**
 * A JSON number reaches us as a double. Below 1e13 (at most 13 + 2 significant digits) its
 * shortest text is the decimal the client wrote; larger amounts must travel as strings.
 */
const MAX_JSON_NUMBER = 1e13;

const AMOUNT_TEXT = /^(0|[1-9][0-9]{0,15})(\.[0-9]{1,2})?$/;
const PERCENT_TEXT = /^(0|[1-9][0-9]{0,2})(\.[0-9]{1,2})?$/;

/** "10.5" -> 1050; null when the text is not a plain decimal with at most 2 decimals. */
export function parseCents(value: string | number): number | null {
  const text =
    typeof value === 'number' ? (Number.isFinite(value) && Math.abs(value) < MAX_JSON_NUMBER ? String(value) : '') : value.trim();
  const match = AMOUNT_TEXT.exec(text);
  if (!match) return null;
  const cents = BigInt(match[1]!) * 100n + BigInt((match[2] ?? '.').slice(1).padEnd(2, '0'));
  return cents <= MAX_CENTS ? Number(cents) : null;
}

const SIGNED_AMOUNT_TEXT = /^(-?)(0|[1-9][0-9]{0,15})(\.[0-9]{1,2})?$/;

/**
 * "-1234.5" -> -123450n: a signed decimal with at most 2 decimals as exact cents (a balance, a
 * result, a report's sum); null when the text is none, or beyond MAX_CENTS either way.
 */
export function parseSignedCents(text: string): bigint | null {
  const match = SIGNED_AMOUNT_TEXT.exec(text.trim());
  if (!match) return null;
  const cents = BigInt(match[2]!) * 100n + BigInt((match[3] ?? '.').slice(1).padEnd(2, '0'));
  if (cents > MAX_CENTS) return null;
  return match[1] ? -cents : cents;
}

/** An amount that cannot be below 0 (a balance, a point limit) as exact cents; 0 when the text is none or negative. */
export function centsOrZero(text: string): bigint {
  const cents = parseSignedCents(text);
  return cents !== null && cents > 0n ? cents : 0n;
}

export function formatCents(cents: number | bigint): string {
  const value = BigInt(cents);
  const sign = value < 0n ? '-' : '';
  const abs = value < 0n ? -value : value;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

/**
 * The one rule for what falls below a cent (docs/product.md#shares-and-rebate): `value / unit`
 * rounded half away from zero, for any unit above 0. It is odd, `divideRounded(-x, u) =
 * -divideRounded(x, u)`, so a replaced bet's negated row takes out exactly what it added. The
 * database rounds the same way in `server/rollups/rollup.sql.ts` (`cents`).
 */
export function divideRounded(value: bigint, unit: bigint): bigint {
  if (unit <= 0n) throw new RangeError('divideRounded: the unit must be above 0');
  const sign = value < 0n ? -1n : 1n;
  return (sign * (sign * value * 2n + unit)) / (2n * unit);
}

/** Cents from cents times hundredths of a percent (a valid bet times a rate), rounded as above. */
export const centsOfBasisPoints = (value: bigint): bigint => divideRounded(value, 10_000n);

/** Rates and shares are kept as integer hundredths of a percent (8000 = 80 %). */
export function parseBasisPoints(value: string | number): number | null {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim();
  const match = PERCENT_TEXT.exec(text);
  if (!match) return null;
  const points = Number(match[1]) * 100 + Number((match[2] ?? '.').slice(1).padEnd(2, '0'));
  return points <= 10_000 ? points : null;
}

export function basisPointsToPercent(value: number): number {
  return value / 100;
}

/** An amount param: in, a decimal string or number with at most 2 decimals; out, integer cents. */
export const amountSchema = z.union([z.string().max(32), z.number()]).transform((value, ctx) => {
  const cents = parseCents(value);
  if (cents === null) {
    ctx.addIssue({ code: 'custom', message: 'amount-format' });
    return z.NEVER;
  }
  return cents;
});

/** An amount that moves points: above 0 (docs/product.md#validation-rules). */
export const positiveAmountSchema = amountSchema.refine((cents) => cents > 0, { message: 'amount-positive' });

/** A rate or share param: a percent from 0 to 100 with at most 2 decimals; out, hundredths of a percent. */
export const percentSchema = z.union([z.string().max(16), z.number()]).transform((value, ctx) => {
  const points = parseBasisPoints(value);
  if (points === null) {
    ctx.addIssue({ code: 'custom', message: 'percent-format' });
    return z.NEVER;
  }
  return points;
});

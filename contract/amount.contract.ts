/**
 * Points are integer cents everywhere. On the wire an amount is a decimal string with exactly
 * two decimals ("1000.00"); it is never computed through a float.
 */
export function formatCents(cents: number | bigint): string {
  const value = BigInt(cents);
  const sign = value < 0n ? '-' : '';
  const abs = value < 0n ? -value : value;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

/** Rates and shares are kept as integer hundredths of a percent (8000 = 80 %). */
export function basisPointsToPercent(value: number): number {
  return value / 100;
}

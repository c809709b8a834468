// Beijing time, once for the gateway and the web app. Beijing is UTC+8 all year (no daylight
// saving), so its wall time is plain arithmetic on the instant: cheap enough for a ticking clock
// and for every exported row. Times travel in UTC; Beijing is only how they are shown and counted.

/** The IANA zone, for code that formats through Intl or dayjs. */
export const BEIJING_ZONE = 'Asia/Shanghai';
export const BEIJING_OFFSET_MS = 8 * 3_600_000;
export const DAY_MS = 86_400_000;

/** An instant (milliseconds) as Beijing wall time, "2026-11-21 20:00:00" (docs/product.md#time-ranges; exports keep this form). */
export function beijingWallTime(instant: number): string {
  return new Date(instant + BEIJING_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

/** `beijingWallTime` of a date that may be absent (a column that can be null). */
export function beijingText(date: Date | null): string | null {
  return date ? beijingWallTime(date.getTime()) : null;
}

/** The UTC instant (milliseconds) at which the Beijing day holding `instant` starts: 16:00 UTC the day before. */
export function beijingMidnight(instant: number): number {
  return Math.floor((instant + BEIJING_OFFSET_MS) / DAY_MS) * DAY_MS - BEIJING_OFFSET_MS;
}

/** Whether an ISO time is the start of a Beijing day. */
export const isBeijingDayStart = (time: string) => (Date.parse(time) + BEIJING_OFFSET_MS) % DAY_MS === 0;

/** The Beijing calendar day holding an instant: its date ("2026-11-20") and the UTC instant it starts. */
export function beijingDayOf(instant: Date): { date: string; start: number } {
  const start = beijingMidnight(instant.getTime());
  return { start, date: new Date(start + BEIJING_OFFSET_MS).toISOString().slice(0, 10) };
}

/** The Beijing date of an instant as digits ("20261124"), as round and order numbers write it. */
export const beijingDateDigits = (instant: number) => new Date(instant + BEIJING_OFFSET_MS).toISOString().slice(0, 10).replaceAll('-', '');

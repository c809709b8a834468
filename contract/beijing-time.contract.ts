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

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;
const utcDay = (day: string) => Date.parse(`${day}T00:00:00.000Z`);

/** Whether a text is a real calendar day written `YYYY-MM-DD`. */
export function isDay(text: string): boolean {
  if (!DAY.test(text)) return false;
  const at = utcDay(text);
  return !Number.isNaN(at) && new Date(at).toISOString().slice(0, 10) === text;
}

/** Whether a text is a Beijing wall time `YYYY-MM-DD HH:mm[:ss]` (a `T` instead of the space, as date-time inputs write it). */
export function isDateTime(text: string): boolean {
  const match = DATE_TIME.exec(text);
  return match !== null && isDay(match[1]!) && Number(match[2]) < 24 && Number(match[3]) < 60 && Number(match[4] ?? 0) < 60;
}

/** The UTC instant (ISO) at which a Beijing day starts (00:00 Beijing is 16:00 UTC the day before). */
export function beijingDayStart(day: string): string {
  if (!isDay(day)) throw new RangeError(`not a day: ${day}`);
  return new Date(utcDay(day) - BEIJING_OFFSET_MS).toISOString();
}

/** The instant (milliseconds) a Beijing day (its start) or wall time `YYYY-MM-DD[T ]HH:mm[:ss]` stands for. */
export function beijingInstant(side: string): number {
  if (isDay(side)) return utcDay(side) - BEIJING_OFFSET_MS;
  const [, day, hours, minutes, seconds = '00'] = DATE_TIME.exec(side) ?? [];
  if (!day || !isDateTime(side)) throw new RangeError(`not a Beijing day or time: ${side}`);
  return Date.parse(`${day}T${hours}:${minutes}:${seconds}.000Z`) - BEIJING_OFFSET_MS;
}

/**
 * A time range the user chose, in Beijing wall terms. Each side is a day (`YYYY-MM-DD`) or a
 * wall time (`YYYY-MM-DD HH:mm[:ss]`), or empty for no bound. A day as `end` includes that whole
 * day; a wall time as `end` is excluded. Either way it stands for [start, end) in UTC.
 */
export interface BeijingRange {
  start: string;
  end: string;
}

/** A range as the UTC instants [start, end) it stands for; an empty side stays open. */
export function rangeInstants(range: BeijingRange): { start?: string; end?: string } {
  const instants: { start?: string; end?: string } = {};
  if (range.start) instants.start = new Date(beijingInstant(range.start)).toISOString();
  if (range.end) instants.end = new Date(beijingInstant(range.end) + (isDay(range.end) ? DAY_MS : 0)).toISOString();
  return instants;
}

/**
 * How a method's `endTime` counts, as its params declare it (`timeEndOf`): `exclusive` takes
 * [startTime, endTime); `inclusive` takes [startTime, endTime], with millisecond precision.
 */
export type TimeEnd = 'inclusive' | 'exclusive';

/**
 * A Beijing range as a method's `startTime`/`endTime`: [start, end) in UTC, the end one
 * millisecond earlier for a method whose end is inclusive. An empty side is left out.
 */
export function beijingRangeTimes(range: BeijingRange, end: TimeEnd): { startTime?: string; endTime?: string } {
  const instants = rangeInstants(range);
  const times: { startTime?: string; endTime?: string } = {};
  if (instants.start) times.startTime = instants.start;
  if (instants.end) times.endTime = end === 'exclusive' ? instants.end : new Date(Date.parse(instants.end) - 1).toISOString();
  return times;
}

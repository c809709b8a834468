import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { BEIJING_OFFSET_MS, BEIJING_ZONE, beijingWallTime, DAY_MS } from '../../contract/beijing-time.contract';
import { rangePresets, type RangePreset } from '../../contract/range-presets.contract';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * Every conversion between instants and Beijing time lives here. Times travel in UTC (ISO
 * strings); screens show and filter in Beijing time, whatever the browser's own time zone.
 */

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** An instant as Beijing wall time, `YYYY-MM-DD HH:mm:ss` (docs/product.md#time-ranges; exports keep this form). */
export function beijingTime(instant: string | number | Date): string {
  return dayjs(instant).tz(BEIJING_ZONE).format('YYYY-MM-DD HH:mm:ss');
}

/** The Beijing calendar day of an instant, `YYYY-MM-DD` (now when none is given). */
export function beijingDay(instant: string | number | Date = Date.now()): string {
  return dayjs(instant).tz(BEIJING_ZONE).format('YYYY-MM-DD');
}

/** A compact Beijing time stamp for file names, `YYYYMMDD-HHmmss`. */
export function beijingStamp(instant: string | number | Date = Date.now()): string {
  return dayjs(instant).tz(BEIJING_ZONE).format('YYYYMMDD-HHmmss');
}

/** Whether a text is a real calendar day written `YYYY-MM-DD`. */
export function isDay(text: string): boolean {
  return DAY.test(text) && dayjs(text).format('YYYY-MM-DD') === text;
}

/** The UTC instant at which a Beijing day starts (00:00 Beijing is 16:00 UTC the day before). */
export function beijingDayStart(day: string): string {
  if (!isDay(day)) throw new RangeError(`not a day: ${day}`);
  return dayjs.tz(`${day} 00:00:00`, BEIJING_ZONE).toISOString();
}

/**
 * The instants of whole Beijing days from `firstDay` through `lastDay`, as the half-open range
 * [start of firstDay, start of the day after lastDay). The gateway's `endTime` is inclusive and
 * its times have millisecond precision, so the end sent is one millisecond before that bound.
 * Either day may be empty (no bound on that side).
 */
export function beijingDaysRange(firstDay: string, lastDay: string): { startTime?: string; endTime?: string } {
  const range: { startTime?: string; endTime?: string } = {};
  if (firstDay) range.startTime = beijingDayStart(firstDay);
  if (lastDay) range.endTime = new Date(Date.parse(beijingDayStart(lastDay)) + DAY_MS - 1).toISOString();
  return range;
}

const DATE_TIME = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;

/** Whether a text is a Beijing wall time `YYYY-MM-DD HH:mm[:ss]` (a `T` instead of the space, as date-time inputs write it). */
export function isDateTime(text: string): boolean {
  const match = DATE_TIME.exec(text);
  return match !== null && isDay(match[1]!) && Number(match[2]) < 24 && Number(match[3]) < 60 && Number(match[4] ?? 0) < 60;
}

/** A Beijing calendar day moved by whole days (no daylight saving in Beijing, so a day is always 24 h). */
export function addDays(day: string, days: number): string {
  return dayjs.utc(day).add(days, 'day').format('YYYY-MM-DD');
}

/**
 * A time range the user chose, in Beijing wall terms. Each side is a day (`YYYY-MM-DD`) or a
 * wall time (`YYYY-MM-DD HH:mm[:ss]`), or empty for no bound. A day as `end` includes that whole
 * day; a wall time as `end` is excluded. Either way it becomes [start, end) in UTC.
 */
export interface BeijingRange {
  start: string;
  end: string;
}

export { rangePresets, type RangePreset } from '../../contract/range-presets.contract';

/** Monday of the Beijing week holding a day (weeks start on Monday). */
export function weekStart(day: string): string {
  return addDays(day, -((dayjs.utc(day).day() + 6) % 7));
}

/** A preset as whole Beijing days, read at `now` (an instant), whatever the browser's zone. */
export function presetRange(preset: RangePreset, now: number = Date.now()): BeijingRange {
  const today = beijingDay(now);
  const month = dayjs.utc(today).startOf('month');
  const days = (start: string, end: string) => ({ start, end });
  switch (preset) {
    case 'today':
      return days(today, today);
    case 'yesterday':
      return days(addDays(today, -1), addDays(today, -1));
    case 'thisWeek':
      return days(weekStart(today), today);
    case 'lastWeek':
      return days(addDays(weekStart(today), -7), addDays(weekStart(today), -1));
    case 'thisMonth':
      return days(month.format('YYYY-MM-DD'), today);
    case 'lastMonth':
      return days(month.subtract(1, 'month').format('YYYY-MM-DD'), month.subtract(1, 'day').format('YYYY-MM-DD'));
    case 'last7Days':
      return days(addDays(today, -6), today);
    case 'last30Days':
      return days(addDays(today, -29), today);
  }
}

/** The preset a range is exactly, at `now`, if any (to show which one is in force). */
export function presetOf(range: BeijingRange, now: number = Date.now()): RangePreset | null {
  return rangePresets.find((preset) => sameRange(presetRange(preset, now), range)) ?? null;
}

export const sameRange = (a: BeijingRange, b: BeijingRange) => a.start === b.start && a.end === b.end;

function startInstant(side: string): number {
  if (isDay(side)) return Date.parse(beijingDayStart(side));
  const [, day, hours, minutes, seconds = '00'] = DATE_TIME.exec(side) ?? [];
  if (!day || !isDateTime(side)) throw new RangeError(`not a Beijing day or time: ${side}`);
  return Date.parse(`${day}T${hours}:${minutes}:${seconds}.000Z`) - BEIJING_OFFSET_MS;
}

/** A range as the UTC instants [start, end) it stands for; an empty side stays open. */
export function rangeInstants(range: BeijingRange): { start?: string; end?: string } {
  const instants: { start?: string; end?: string } = {};
  if (range.start) instants.start = new Date(startInstant(range.start)).toISOString();
  if (range.end) instants.end = new Date(startInstant(range.end) + (isDay(range.end) ? DAY_MS : 0)).toISOString();
  return instants;
}

/**
 * The same range as the gateway's `startTime`/`endTime`: its `endTime` is inclusive, with
 * millisecond precision, so it is one millisecond before the range's exclusive end.
 */
export function rangeToGateway(range: BeijingRange): { startTime?: string; endTime?: string } {
  const { start, end } = rangeInstants(range);
  return { ...(start ? { startTime: start } : {}), ...(end ? { endTime: new Date(Date.parse(end) - 1).toISOString() } : {}) };
}

export type RangeProblem =
  { kind: 'invalid' } | { kind: 'startAfterEnd' } | { kind: 'tooLong'; maxDays: number } | { kind: 'open'; maxDays: number };

/**
 * Why a range cannot be applied, or null. With `maxSpanDays`, [start, end) may last at most that
 * many times 24 h, and both sides are needed (an open side would be an endless span).
 */
export function rangeProblem(range: BeijingRange, maxSpanDays?: number): RangeProblem | null {
  const valid = (side: string) => side === '' || isDay(side) || isDateTime(side);
  if (!valid(range.start) || !valid(range.end)) return { kind: 'invalid' };
  const { start, end } = rangeInstants(range);
  if (start && end && Date.parse(start) >= Date.parse(end)) return { kind: 'startAfterEnd' };
  if (maxSpanDays === undefined) return null;
  if (!start || !end) return { kind: 'open', maxDays: maxSpanDays };
  return Date.parse(end) - Date.parse(start) > maxSpanDays * DAY_MS ? { kind: 'tooLong', maxDays: maxSpanDays } : null;
}

/**
 * A range as the gateway's `startTime`/`endTime` with the exclusive end the bet, round and report
 * methods take, or null while the range has a problem (with `maxSpanDays`, an open side is one).
 */
export function rangeTimes(range: BeijingRange, maxSpanDays: number): { startTime: string; endTime: string } | null;
export function rangeTimes(range: BeijingRange): { startTime?: string; endTime?: string } | null;
export function rangeTimes(range: BeijingRange, maxSpanDays?: number): { startTime?: string; endTime?: string } | null {
  if (rangeProblem(range, maxSpanDays) !== null) return null;
  const { start, end } = rangeInstants(range);
  return { ...(start ? { startTime: start } : {}), ...(end ? { endTime: end } : {}) };
}

/** An instant as a date-time input's value in Beijing wall time, `YYYY-MM-DDTHH:mm`. */
export function beijingInputValue(instant: string | number | Date): string {
  return beijingWallTime(new Date(instant).getTime()).slice(0, 16).replace(' ', 'T');
}

/** The instant a Beijing wall time `YYYY-MM-DD[T ]HH:mm[:ss]` stands for (ISO), or null when it is none. */
export function beijingInputInstant(text: string): string | null {
  return isDateTime(text) ? new Date(startInstant(text)).toISOString() : null;
}

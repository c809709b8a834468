import {
  beijingInstant,
  beijingRangeTimes,
  beijingWallTime,
  DAY_MS,
  isDateTime,
  isDay,
  rangeInstants,
  type BeijingRange,
} from '@contract/beijing-time.contract';
import { timeEndOf } from '@contract/common.contract';
import { contract, type MethodName } from '@contract/methods.contract';
import { rangePresets, type RangePreset } from '@contract/range-presets.contract';

/**
 * What the screens add to Beijing time (`contract/beijing-time.contract.ts`): instants as they
 * are shown, the range presets, and a range as a method's params. Times travel in UTC (ISO
 * strings); screens show and filter in Beijing time, whatever the browser's own time zone.
 */

export { beijingDayStart, isDateTime, isDay, rangeInstants, type BeijingRange } from '@contract/beijing-time.contract';

const wallTime = (instant: string | number | Date) => beijingWallTime(new Date(instant).getTime());

/** An instant as Beijing wall time, `YYYY-MM-DD HH:mm:ss` (docs/product.md#time-ranges; exports keep this form). */
export function beijingTime(instant: string | number | Date): string {
  return wallTime(instant);
}

/** The Beijing calendar day of an instant, `YYYY-MM-DD` (now when none is given). */
export function beijingDay(instant: string | number | Date = Date.now()): string {
  return wallTime(instant).slice(0, 10);
}

/** A compact Beijing time stamp for file names, `YYYYMMDD-HHmmss`. */
export function beijingStamp(instant: string | number | Date = Date.now()): string {
  const wall = wallTime(instant);
  return `${wall.slice(0, 10).replaceAll('-', '')}-${wall.slice(11).replaceAll(':', '')}`;
}

const utcDay = (day: string) => new Date(`${day}T00:00:00.000Z`);

/** A Beijing calendar day moved by whole days (no daylight saving in Beijing, so a day is always 24 h). */
export function addDays(day: string, days: number): string {
  return new Date(utcDay(day).getTime() + days * DAY_MS).toISOString().slice(0, 10);
}

export { rangePresets, type RangePreset } from '@contract/range-presets.contract';

/** Monday of the Beijing week holding a day (weeks start on Monday). */
export function weekStart(day: string): string {
  return addDays(day, -((utcDay(day).getUTCDay() + 6) % 7));
}

/** The first day of the month `months` away from the month holding a day. */
function monthStart(day: string, months = 0): string {
  const date = utcDay(day);
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1)).toISOString().slice(0, 10);
}

/** A preset as whole Beijing days, read at `now` (an instant), whatever the browser's zone. */
export function presetRange(preset: RangePreset, now: number = Date.now()): BeijingRange {
  const today = beijingDay(now);
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
      return days(monthStart(today), today);
    case 'lastMonth':
      return days(monthStart(today, -1), addDays(monthStart(today), -1));
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
 * A range as a method's `startTime`/`endTime`, its end inclusive or exclusive as the method's
 * params declare; null while the range has a problem (with `maxSpanDays`, an open side is one).
 */
export function rangeTimes(method: MethodName, range: BeijingRange, maxSpanDays: number): { startTime: string; endTime: string } | null;
export function rangeTimes(method: MethodName, range: BeijingRange): { startTime?: string; endTime?: string } | null;
export function rangeTimes(method: MethodName, range: BeijingRange, maxSpanDays?: number): { startTime?: string; endTime?: string } | null {
  if (rangeProblem(range, maxSpanDays) !== null) return null;
  return beijingRangeTimes(range, timeEndOf(contract[method].params));
}

/** An instant as a date-time input's value in Beijing wall time, `YYYY-MM-DDTHH:mm`. */
export function beijingInputValue(instant: string | number | Date): string {
  return beijingWallTime(new Date(instant).getTime()).slice(0, 16).replace(' ', 'T');
}

/** The instant a Beijing wall time `YYYY-MM-DD[T ]HH:mm[:ss]` stands for (ISO), or null when it is none. */
export function beijingInputInstant(text: string): string | null {
  return isDateTime(text) ? new Date(beijingInstant(text)).toISOString() : null;
}

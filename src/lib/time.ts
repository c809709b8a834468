import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * Every conversion between instants and Beijing time lives here. Times travel in UTC (ISO
 * strings); screens show and filter in Beijing time, whatever the browser's own time zone.
 */
export const BEIJING_ZONE = 'Asia/Shanghai';
/** Beijing time has no daylight saving: always UTC+8. */
export const BEIJING_OFFSET = 'UTC+8';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** An instant as Beijing wall time, `YYYY-MM-DD HH:mm:ss` (spec §2; exports keep this form). */
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
  if (lastDay) range.endTime = new Date(Date.parse(beijingDayStart(lastDay)) + 24 * 60 * 60 * 1000 - 1).toISOString();
  return range;
}

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BEIJING_ZONE,
  beijingDateDigits,
  beijingDayOf,
  beijingMidnight,
  beijingText,
  beijingRangeTimes,
  beijingWallTime,
  isBeijingDayStart,
  isDateTime,
  isDay,
  rangeInstants,
} from './beijing-time.contract';

const at = (iso: string) => Date.parse(iso);
const instants = fc.integer({ min: at('2000-01-01T00:00:00Z'), max: at('2100-01-01T00:00:00Z') });

const zoneFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: BEIJING_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});
const zoneText = (instant: number) => {
  const part = Object.fromEntries(zoneFormat.formatToParts(instant).map((p) => [p.type, p.value]));
  return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}:${part.second}`;
};

describe('Beijing time', () => {
  it('shows times in Beijing time', () => {
    expect(beijingText(new Date('2026-12-31T16:30:00Z'))).toBe('2027-01-01 00:30:00');
    expect(beijingText(null)).toBeNull();
    expect(beijingWallTime(at('2026-11-21T12:00:00.999Z'))).toBe('2026-11-21 20:00:00');
  });

  it('writes the same wall time as the time zone database', () => {
    fc.assert(fc.property(instants, (instant) => beijingWallTime(instant) === zoneText(instant)));
  });

  it('starts a Beijing day at 16:00 UTC the day before', () => {
    expect(beijingMidnight(at('2026-11-20T16:00:00Z'))).toBe(at('2026-11-20T16:00:00Z'));
    expect(beijingMidnight(at('2026-11-20T15:59:59.999Z'))).toBe(at('2026-11-19T16:00:00Z'));
    expect(beijingDayOf(new Date('2026-11-20T15:59:59Z'))).toEqual({ date: '2026-11-20', start: at('2026-11-19T16:00:00Z') });
    expect(isBeijingDayStart('2026-11-19T16:00:00.000Z')).toBe(true);
    expect(isBeijingDayStart('2026-11-20T00:00:00.000Z')).toBe(false);
  });

  it('agrees with itself on the day of every instant', () => {
    fc.assert(
      fc.property(instants, (instant) => {
        const day = beijingDayOf(new Date(instant));
        return (
          isBeijingDayStart(new Date(day.start).toISOString()) &&
          day.start <= instant &&
          instant - day.start < 86_400_000 &&
          day.date === beijingWallTime(instant).slice(0, 10) &&
          beijingDateDigits(instant) === day.date.replaceAll('-', '')
        );
      }),
    );
  });
});

describe("a Beijing range as a method's startTime and endTime", () => {
  const day = { start: '2026-03-02', end: '2026-03-02' };

  it('ends an exclusive range at the next Beijing midnight, an inclusive one a millisecond before it', () => {
    expect(beijingRangeTimes(day, 'exclusive')).toEqual({ startTime: '2026-03-01T16:00:00.000Z', endTime: '2026-03-02T16:00:00.000Z' });
    expect(beijingRangeTimes(day, 'inclusive')).toEqual({ startTime: '2026-03-01T16:00:00.000Z', endTime: '2026-03-02T15:59:59.999Z' });
    expect(beijingRangeTimes({ start: '2026-02-27', end: '2026-03-01' }, 'inclusive')).toEqual({
      startTime: '2026-02-26T16:00:00.000Z',
      endTime: '2026-03-01T15:59:59.999Z',
    });
  });

  it('ends at a wall time itself, and leaves an open side out', () => {
    expect(beijingRangeTimes({ start: '2026-03-02T09:30', end: '2026-03-02 18:00:30' }, 'exclusive')).toEqual({
      startTime: '2026-03-02T01:30:00.000Z',
      endTime: '2026-03-02T10:00:30.000Z',
    });
    expect(beijingRangeTimes({ start: '2026-03-02T09:30', end: '2026-03-02 18:00' }, 'inclusive')).toEqual({
      startTime: '2026-03-02T01:30:00.000Z',
      endTime: '2026-03-02T09:59:59.999Z',
    });
    expect(beijingRangeTimes({ start: '2028-02-29', end: '' }, 'inclusive')).toEqual({ startTime: '2028-02-28T16:00:00.000Z' });
    expect(beijingRangeTimes({ start: '', end: '2026-12-31' }, 'exclusive')).toEqual({ endTime: '2026-12-31T16:00:00.000Z' });
    expect(beijingRangeTimes({ start: '', end: '' }, 'exclusive')).toEqual({});
  });

  it('holds an instant exactly when its Beijing wall time is on the days chosen, either way the end counts', () => {
    const first = at('2026-03-01T00:00:00Z');
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4 * 86_400_000 }), fc.integer({ min: 0, max: 2 }), (offset, days) => {
        const instant = first + offset;
        const range = { start: '2026-03-02', end: `2026-03-0${2 + days}` };
        const onDays = beijingWallTime(instant).slice(0, 10) >= range.start && beijingWallTime(instant).slice(0, 10) <= range.end;
        const exclusive = beijingRangeTimes(range, 'exclusive');
        const inclusive = beijingRangeTimes(range, 'inclusive');
        return (
          (instant >= at(exclusive.startTime!) && instant < at(exclusive.endTime!)) === onDays &&
          (instant >= at(inclusive.startTime!) && instant <= at(inclusive.endTime!)) === onDays
        );
      }),
    );
    // The boundaries themselves: the last millisecond of the day is in, Beijing midnight is out.
    const { endTime } = beijingRangeTimes(day, 'inclusive');
    expect(beijingWallTime(at(endTime!))).toBe('2026-03-02 23:59:59');
    expect(beijingWallTime(at(beijingRangeTimes(day, 'exclusive').endTime!))).toBe('2026-03-03 00:00:00');
  });

  it('reads days and wall times without the local zone, and only real ones', () => {
    expect(rangeInstants({ start: '2026-12-31', end: '2026-12-31' })).toEqual({
      start: '2026-12-30T16:00:00.000Z',
      end: '2026-12-31T16:00:00.000Z',
    });
    expect(isDay('2028-02-29')).toBe(true);
    expect(isDay('2026-02-29')).toBe(false);
    expect(isDay('2026-02-30')).toBe(false);
    expect(isDay('2026-13-01')).toBe(false);
    expect(isDateTime('2026-03-02 23:59:59')).toBe(true);
    expect(isDateTime('2026-03-02 24:00')).toBe(false);
    expect(() => beijingRangeTimes({ start: '2026-02-30', end: '' }, 'exclusive')).toThrow(RangeError);
  });
});

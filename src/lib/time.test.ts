import dayjs from 'dayjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beijingDay, beijingDayStart, beijingDaysRange, beijingStamp, beijingTime, isDay } from './time';

// The browser of an agent in Bangkok (UTC+7): Beijing is one hour ahead of it.
const saved = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'Asia/Bangkok';
});
afterAll(() => {
  process.env.TZ = saved;
});

describe('Beijing time', () => {
  it('runs these tests in a UTC+7 process, where local and Beijing days differ', () => {
    expect(new Date('2026-03-02T00:00:00Z').getTimezoneOffset()).toBe(-420);
  });

  it('shows an instant as Beijing wall time whatever the local zone', () => {
    expect(beijingTime('2026-03-01T16:00:00.000Z')).toBe('2026-03-02 00:00:00');
    expect(beijingTime('2026-03-01T15:59:59.999Z')).toBe('2026-03-01 23:59:59');
    expect(beijingDay('2026-12-31T16:30:00Z')).toBe('2027-01-01');
    expect(beijingStamp('2026-12-31T16:30:05Z')).toBe('20270101-003005');
  });

  it('starts a Beijing day at 16:00 UTC the day before, not at local midnight', () => {
    expect(beijingDayStart('2026-03-02')).toBe('2026-03-01T16:00:00.000Z');
    // What the score log sent before: the day read in the browser's zone, one hour off in UTC+7.
    expect(dayjs('2026-03-02T00:00').toISOString()).toBe('2026-03-01T17:00:00.000Z');
  });

  it('turns a range of Beijing days into [first day start, day after last day start) in UTC', () => {
    expect(beijingDaysRange('2026-03-02', '2026-03-02')).toEqual({
      startTime: '2026-03-01T16:00:00.000Z',
      endTime: '2026-03-02T15:59:59.999Z',
    });
    expect(beijingDaysRange('2026-02-27', '2026-03-01')).toEqual({
      startTime: '2026-02-26T16:00:00.000Z',
      endTime: '2026-03-01T15:59:59.999Z',
    });
    expect(beijingDaysRange('2028-02-29', '')).toEqual({ startTime: '2028-02-28T16:00:00.000Z' });
    expect(beijingDaysRange('', '2026-12-31')).toEqual({ endTime: '2026-12-31T15:59:59.999Z' });
    expect(beijingDaysRange('', '')).toEqual({});
  });

  it('puts a time on a day exactly when its Beijing wall time is on that day', () => {
    const { startTime, endTime } = beijingDaysRange('2026-03-02', '2026-03-02');
    const inside = (iso: string) => Date.parse(iso) >= Date.parse(startTime!) && Date.parse(iso) <= Date.parse(endTime!);
    for (let minutes = -24 * 60; minutes <= 48 * 60; minutes += 7) {
      const instant = new Date(Date.parse('2026-03-01T16:00:00Z') + minutes * 60_000 - 1).toISOString();
      expect(inside(instant), instant).toBe(beijingDay(instant) === '2026-03-02');
    }
  });

  it('accepts only real calendar days', () => {
    expect(isDay('2028-02-29')).toBe(true);
    expect(isDay('2026-02-29')).toBe(false);
    expect(isDay('2026-13-01')).toBe(false);
    expect(isDay('2026-3-1')).toBe(false);
    expect(() => beijingDayStart('2026-02-30')).toThrow(RangeError);
  });
});

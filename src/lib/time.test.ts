import dayjs from 'dayjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beijingWallTime } from '@contract/beijing-time.contract';
import { timeEndOf } from '@contract/common.contract';
import { contract, methodNames } from '@contract/methods.contract';
import {
  addDays,
  beijingDay,
  beijingDayStart,
  beijingStamp,
  beijingTime,
  isDateTime,
  isDay,
  presetOf,
  presetRange,
  rangeInstants,
  rangeProblem,
  rangeTimes,
  weekStart,
  type RangePreset,
} from './time';

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
    expect(rangeTimes('gw.credit.score.log.query', { start: '2026-03-02', end: '2026-03-02' })).toEqual({
      startTime: '2026-03-01T16:00:00.000Z',
      endTime: '2026-03-02T15:59:59.999Z',
    });
    expect(rangeTimes('gw.credit.bet.query', { start: '2026-02-27', end: '2026-03-01' })).toEqual({
      startTime: '2026-02-26T16:00:00.000Z',
      endTime: '2026-03-01T16:00:00.000Z',
    });
    expect(rangeTimes('gw.credit.score.log.query', { start: '2028-02-29', end: '' })).toEqual({ startTime: '2028-02-28T16:00:00.000Z' });
    expect(rangeTimes('gw.credit.transfer.query', { start: '', end: '2026-12-31' })).toEqual({ endTime: '2026-12-31T15:59:59.999Z' });
    expect(rangeTimes('gw.credit.score.log.query', { start: '', end: '' })).toEqual({});
  });

  it('puts a time on a day exactly when its Beijing wall time is on that day', () => {
    for (const method of ['gw.credit.score.log.query', 'gw.credit.bet.query'] as const) {
      const { startTime, endTime } = rangeTimes(method, { start: '2026-03-02', end: '2026-03-02' })!;
      const inclusive = timeEndOf(contract[method].params) === 'inclusive';
      const inside = (iso: string) =>
        Date.parse(iso) >= Date.parse(startTime!) &&
        (inclusive ? Date.parse(iso) <= Date.parse(endTime!) : Date.parse(iso) < Date.parse(endTime!));
      for (let minutes = -24 * 60; minutes <= 48 * 60; minutes += 7) {
        const instant = new Date(Date.parse('2026-03-01T16:00:00Z') + minutes * 60_000 - 1).toISOString();
        expect(inside(instant), `${method} ${instant}`).toBe(beijingDay(instant) === '2026-03-02');
      }
      expect(inside('2026-03-02T15:59:59.999Z'), method).toBe(true);
      expect(inside('2026-03-02T16:00:00.000Z'), method).toBe(false);
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

const at = (iso: string) => Date.parse(iso);
const presets = (now: number) =>
  Object.fromEntries(
    (['today', 'yesterday', 'thisWeek', 'lastWeek', 'thisMonth', 'lastMonth', 'last7Days', 'last30Days'] as RangePreset[]).map((preset) => {
      const range = presetRange(preset, now);
      return [preset, `${range.start}..${range.end}`];
    }),
  );

describe('range presets in Beijing days', () => {
  it('reads "now" as Beijing time: 00:30 on Monday in Beijing is still Sunday evening in Bangkok', () => {
    const now = at('2026-03-01T16:30:00Z');
    expect(dayjs(now).format('YYYY-MM-DD ddd HH:mm')).toBe('2026-03-01 Sun 23:30');
    expect(presets(now)).toEqual({
      today: '2026-03-02..2026-03-02',
      yesterday: '2026-03-01..2026-03-01',
      thisWeek: '2026-03-02..2026-03-02',
      lastWeek: '2026-02-23..2026-03-01',
      thisMonth: '2026-03-01..2026-03-02',
      lastMonth: '2026-02-01..2026-02-28',
      last7Days: '2026-02-24..2026-03-02',
      last30Days: '2026-02-01..2026-03-02',
    });
  });

  it('keeps the week that ends on Sunday until midnight Beijing time', () => {
    const now = at('2026-03-01T15:59:59.999Z');
    expect(presets(now)).toMatchObject({
      today: '2026-03-01..2026-03-01',
      thisWeek: '2026-02-23..2026-03-01',
      lastWeek: '2026-02-16..2026-02-22',
      thisMonth: '2026-03-01..2026-03-01',
      lastMonth: '2026-02-01..2026-02-28',
    });
  });

  it('ends last month on its last day, across a leap February and a new year', () => {
    expect(presets(at('2028-03-10T04:00:00Z'))).toMatchObject({ lastMonth: '2028-02-01..2028-02-29', thisMonth: '2028-03-01..2028-03-10' });
    // 2027-01-01 is a Friday; 01:00 Beijing is still 2026-12-31 in UTC.
    expect(presets(at('2026-12-31T17:00:00Z'))).toMatchObject({
      today: '2027-01-01..2027-01-01',
      yesterday: '2026-12-31..2026-12-31',
      thisWeek: '2026-12-28..2027-01-01',
      lastWeek: '2026-12-21..2026-12-27',
      lastMonth: '2026-12-01..2026-12-31',
    });
    expect(presets(at('2026-05-31T15:00:00Z')).thisMonth).toBe('2026-05-01..2026-05-31');
  });

  it('starts every week on Monday', () => {
    expect(['2026-03-02', '2026-03-04', '2026-03-08'].map(weekStart)).toEqual(['2026-03-02', '2026-03-02', '2026-03-02']);
    expect(weekStart('2026-03-09')).toBe('2026-03-09');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('gives the same Beijing days in a UTC-5 process', () => {
    const before = process.env.TZ;
    process.env.TZ = 'America/Bogota';
    try {
      expect(new Date(at('2026-03-02T00:00:00Z')).getTimezoneOffset()).toBe(300);
      const now = at('2026-03-01T16:30:00Z');
      expect(presets(now)).toMatchObject({
        today: '2026-03-02..2026-03-02',
        thisWeek: '2026-03-02..2026-03-02',
        lastWeek: '2026-02-23..2026-03-01',
      });
      expect(rangeInstants(presetRange('today', now))).toEqual({ start: '2026-03-01T16:00:00.000Z', end: '2026-03-02T16:00:00.000Z' });
    } finally {
      process.env.TZ = before;
    }
  });

  it('knows which preset a range is', () => {
    const now = at('2026-03-04T04:00:00Z');
    expect(presetOf({ start: '2026-03-02', end: '2026-03-04' }, now)).toBe('thisWeek');
    expect(presetOf({ start: '2026-03-02', end: '2026-03-03' }, now)).toBeNull();
  });
});

describe('ranges as [start, end) instants', () => {
  it('turns Beijing days and wall times into UTC instants, a day as the end including that day', () => {
    expect(rangeInstants({ start: '2026-03-02', end: '2026-03-02' })).toEqual({
      start: '2026-03-01T16:00:00.000Z',
      end: '2026-03-02T16:00:00.000Z',
    });
    expect(rangeInstants({ start: '2026-03-02T09:30', end: '2026-03-02 18:00:30' })).toEqual({
      start: '2026-03-02T01:30:00.000Z',
      end: '2026-03-02T10:00:30.000Z',
    });
    expect(rangeInstants({ start: '', end: '2026-12-31' })).toEqual({ end: '2026-12-31T16:00:00.000Z' });
  });

  it('refuses a span above the maximum, counted in 24 h steps of [start, end)', () => {
    // Reports: 93 x 24 h. 2026-01-01 through 2026-04-03 is 93 whole days.
    expect(rangeProblem({ start: '2026-01-01', end: '2026-04-03' }, 93)).toBeNull();
    expect(rangeProblem({ start: '2026-01-01', end: '2026-04-04' }, 93)).toEqual({ kind: 'tooLong', maxDays: 93 });
    // Operation record: 15 x 24 h, to the minute.
    expect(rangeProblem({ start: '2026-03-01 10:00', end: '2026-03-16 10:00' }, 15)).toBeNull();
    expect(rangeProblem({ start: '2026-03-01 10:00', end: '2026-03-16 10:01' }, 15)).toEqual({ kind: 'tooLong', maxDays: 15 });
    expect(rangeProblem({ start: '2026-03-01', end: '' }, 15)).toEqual({ kind: 'open', maxDays: 15 });
    expect(rangeProblem({ start: '2026-03-01', end: '' })).toBeNull();
  });

  it('gives a method the range with the end its params declare, only while the range has no problem', () => {
    // Beijing 2026-03-02 00:00 is 2026-03-01 16:00 UTC; the end is the next Beijing midnight.
    expect(rangeTimes('gw.credit.bet.query', { start: '2026-03-02', end: '2026-03-02' }, 93)).toEqual({
      startTime: '2026-03-01T16:00:00.000Z',
      endTime: '2026-03-02T16:00:00.000Z',
    });
    // The score log's end is inclusive: one millisecond before that midnight.
    expect(rangeTimes('gw.credit.score.log.query', { start: '2026-03-02', end: '2026-03-02' }, 93)).toEqual({
      startTime: '2026-03-01T16:00:00.000Z',
      endTime: '2026-03-02T15:59:59.999Z',
    });
    expect(rangeTimes('gw.credit.suggestion.page', { start: '2026-03-02', end: '' })).toEqual({ startTime: '2026-03-01T16:00:00.000Z' });
    expect(rangeTimes('gw.credit.suggestion.page', { start: '', end: '' })).toEqual({});
    expect(rangeTimes('gw.credit.game.result.query', { start: '2026-03-02', end: '' }, 93)).toBeNull();
    expect(rangeTimes('gw.credit.score.log.query', { start: '2026-03-03', end: '2026-03-02' })).toBeNull();
    expect(rangeTimes('gw.credit.trading.report', { start: '2026-01-01', end: '2026-04-04' }, 93)).toBeNull();
  });

  it('knows how the end of every list read counts from its params', () => {
    expect(timeEndOf(contract['gw.credit.score.log.query'].params)).toBe('inclusive');
    expect(timeEndOf(contract['gw.credit.score.log.export'].params)).toBe('inclusive');
    expect(timeEndOf(contract['gw.credit.transfer.query'].params)).toBe('inclusive');
    expect(timeEndOf(contract['gw.credit.notice.page'].params)).toBe('exclusive');
    expect(timeEndOf(contract['gw.credit.operation.record.query'].params)).toBe('exclusive');
    expect(timeEndOf(contract['gw.credit.player.game.log'].params)).toBe('exclusive');
    const reads = methodNames.filter((method) => contract[method].effect === 'read');
    const ranged = reads.filter((method) => {
      const params = contract[method].params as { shape?: Record<string, unknown> };
      return params.shape !== undefined && 'endTime' in params.shape;
    });
    expect(ranged.length).toBeGreaterThan(15);
    for (const method of ranged) expect(() => timeEndOf(contract[method].params), method).not.toThrow();
    expect(() => timeEndOf(contract['gw.credit.game.list'].params)).toThrow(TypeError);
  });

  it('refuses a start at or after the end, and a side that is not a time', () => {
    expect(rangeProblem({ start: '2030-01-02', end: '2030-01-01' })).toEqual({ kind: 'startAfterEnd' });
    expect(rangeProblem({ start: '2030-01-02 10:00', end: '2030-01-02 10:00' })).toEqual({ kind: 'startAfterEnd' });
    expect(rangeProblem({ start: '2030-01-02', end: '2030-01-02' })).toBeNull();
    expect(rangeProblem({ start: '2030-02-30', end: '' })).toEqual({ kind: 'invalid' });
    expect(isDateTime('2030-01-02 24:00')).toBe(false);
    expect(isDateTime('2030-01-02T23:59')).toBe(true);
  });

  it('shows the clock in Beijing wall time without dayjs, same as beijingTime', () => {
    for (const iso of ['2026-03-01T15:59:59.999Z', '2026-03-01T16:00:00Z', '2026-12-31T16:30:05Z']) {
      expect(beijingWallTime(at(iso))).toBe(beijingTime(iso));
    }
  });
});

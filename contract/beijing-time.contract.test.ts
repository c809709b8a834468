import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BEIJING_ZONE,
  beijingDateDigits,
  beijingDayOf,
  beijingMidnight,
  beijingText,
  beijingWallTime,
  isBeijingDayStart,
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

/** All server code reads time through a Clock, so tests can move time without waiting. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock for tests: starts where told and moves only when told. */
export function manualClock(
  start: Date | string = '2026-01-01T00:00:00Z',
): Clock & { advance(ms: number): void; set(to: Date | string): void } {
  let current = new Date(start).getTime();
  return {
    now: () => new Date(current),
    advance: (ms) => {
      current += ms;
    },
    set: (to) => {
      current = new Date(to).getTime();
    },
  };
}

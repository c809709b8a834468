import { describe, expect, it } from 'vitest';
import {
  CAPTCHA_IP_LIMIT,
  IP_WINDOW_MS,
  LOCK_AFTER_FAILURES,
  LOCK_MS,
  NAME_CEILING,
  NAME_DELAY_MAX_MS,
  NAME_QUIET_MS,
  takeSlot,
  type CounterScope,
  type CounterState,
} from './attempt-counters';

const t0 = new Date('2026-11-23T00:00:00Z');
const at = (ms: number) => new Date(t0.getTime() + ms);

/** Takes slots one after the other, as failures that keep them; answers which were allowed. */
function run(scope: CounterScope, times: number[], ipLimit = 50) {
  let state: CounterState | undefined;
  return times.map((ms) => {
    const decision = takeSlot(scope, state, at(ms), { ipLimit });
    if (decision.allowed) state = decision.next;
    return decision.allowed;
  });
}

describe('takeSlot', () => {
  it('locks a name for an IP after five failures in a row, for 15 minutes, then counts again', () => {
    const allowed = run('pair', [0, 1, 2, 3, 4, 5, LOCK_MS + 3, LOCK_MS + 4, LOCK_MS + 5]);
    expect(allowed).toEqual([true, true, true, true, true, false, false, true, true]);
    expect(LOCK_AFTER_FAILURES).toBe(5);
  });

  it('gives the IP LOGIN_IP_LIMIT slots per 10 minutes', () => {
    const allowed = run('ip', [0, 1, 2, 3, IP_WINDOW_MS - 1, IP_WINDOW_MS], 3);
    expect(allowed).toEqual([true, true, true, false, false, true]);
  });

  it('gives the captcha guesses of an IP their own limit', () => {
    const times = Array.from({ length: CAPTCHA_IP_LIMIT + 1 }, (_, i) => i);
    const allowed = run('captcha', times, 1);
    expect(allowed.filter(Boolean)).toHaveLength(CAPTCHA_IP_LIMIT);
    expect(allowed.at(-1)).toBe(false);
  });

  it('lets a name be tried freely up to its ceiling, then once per growing delay, and forgets after a quiet time', () => {
    const free = Array.from({ length: NAME_CEILING }, (_, i) => i);
    expect(run('name', free).every(Boolean)).toBe(true);
    // Past the ceiling: the next is allowed, then 1 s, 2 s, 4 s ... between two.
    const c = NAME_CEILING;
    expect(run('name', [...free, c, c + 500, c + 1000, c + 2500, c + 3000])).toEqual([
      ...free.map(() => true),
      true,
      false,
      true,
      false,
      true,
    ]);
    let state: CounterState | undefined;
    let now = 0;
    const delays: number[] = [];
    for (let i = 0; i < NAME_CEILING + 40; i++) {
      const decision = takeSlot('name', state, at(now), { ipLimit: 50 });
      expect(decision.allowed).toBe(true);
      state = (decision as { next: CounterState }).next;
      if (state.nextAt) {
        const next = state.nextAt.getTime() - t0.getTime();
        delays.push(next - now);
        now = next;
      }
    }
    expect(delays.slice(0, 4)).toEqual([1000, 2000, 4000, 8000]);
    expect(Math.max(...delays)).toBe(NAME_DELAY_MAX_MS);
    expect(delays.at(-1)).toBe(NAME_DELAY_MAX_MS);
    // Quiet long enough: the count starts again.
    const quiet = takeSlot('name', state, at(now + NAME_QUIET_MS), { ipLimit: 50 });
    expect(quiet).toMatchObject({ allowed: true, next: { taken: 1, nextAt: null } });
  });
});

import { describe, expect, it } from 'vitest';
import { machineLoad, parseProcStat } from '../support/machine-cpu';

describe('machine CPU load (the run-time table of npm test)', () => {
  it("reads /proc/stat's total line, counting iowait as idle and guest time once", () => {
    const text = ['cpu  100 20 30 400 50 6 7 8 90 10', 'cpu0 50 10 15 200 25 3 3 4 45 5', 'intr 12345'].join('\n');
    expect(parseProcStat(text)).toEqual({ busy: 100 + 20 + 30 + 6 + 7 + 8, idle: 400 + 50 });
  });

  it('refuses a text without a whole total line', () => {
    expect(parseProcStat('cpu0 1 2 3 4 5 6 7 8')).toBeUndefined();
    expect(parseProcStat('cpu  1 2 3')).toBeUndefined();
    expect(parseProcStat('cpu  1 2 x 4 5 6 7 8')).toBeUndefined();
  });

  it('gives the busy share of the interval and the work it stands for on one CPU', () => {
    // 2 CPUs for 100 s at 100 ticks a second: 20,000 ticks, 18,000 of them busy.
    const load = machineLoad({ busy: 5_000, idle: 7_000 }, { busy: 23_000, idle: 9_000 }, 100, 2);
    expect(load).toEqual({ cpus: 2, busyPercent: 90, busyCpuSeconds: 180 });
  });

  it('says 0 % for an interval without ticks', () => {
    expect(machineLoad({ busy: 1, idle: 1 }, { busy: 1, idle: 1 }, 0, 4)).toEqual({ cpus: 4, busyPercent: 0, busyCpuSeconds: 0 });
  });
});

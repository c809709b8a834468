import { describe, expect, it } from 'vitest';
import { descendantsCpu, parsePidStat } from '../support/process-tree-cpu';

// "pid (name) state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime cutime cstime ..."
const line = (pid: number, name: string, ppid: number, utime: number, stime: number, cutime = 0, cstime = 0) =>
  `${pid} (${name}) S ${ppid} 1 1 0 -1 4194560 10 0 0 0 ${utime} ${stime} ${cutime} ${cstime} 20 0 1 0 100 0 0`;

describe('the CPU of a process tree, from /proc', () => {
  it('reads a stat line whose name holds spaces and parentheses', () => {
    expect(parsePidStat(line(42, 'chrome (renderer) x', 7, 120, 30, 5, 1))).toEqual({
      pid: 42,
      ppid: 7,
      name: 'chrome (renderer) x',
      own: 150,
      reaped: 6,
    });
    expect(parsePidStat('garbage')).toBeUndefined();
  });

  it("adds up living descendants and what was waited for, Chromium's tree apart, the root's own CPU left out", () => {
    const stats = [
      line(10, 'node', 1, 900, 100, 300, 100), // the worker: it waited for ended children worth 4 s
      line(11, 'chromium', 10, 200, 50, 40, 10), // the browser, with ended renderers worth 0.5 s
      line(12, 'chromium', 11, 100, 0),
      line(13, 'zygote', 11, 50, 50), // in Chromium's tree whatever its name
      line(14, 'node', 10, 70, 30), // a gateway the tests started
      line(15, 'node', 99, 1000, 1000), // not a descendant
    ].map((text) => parsePidStat(text)!);
    expect(descendantsCpu(10, stats)).toEqual({ chromium: (250 + 50 + 100 + 100) / 100, others: (400 + 100) / 100 });
  });
});

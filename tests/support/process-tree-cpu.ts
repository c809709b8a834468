import { readdirSync, readFileSync } from 'node:fs';

/** CPU seconds of a process's descendants, Chromium's apart from the others (gateways, the platform, scripts). */
export interface DescendantsCpu {
  chromium: number;
  others: number;
}

// Linux's /proc counts in clock ticks of USER_HZ, which is 100 on every architecture it runs on.
const TICKS_PER_SECOND = 100;

interface Stat {
  pid: number;
  ppid: number;
  name: string;
  /** Its own CPU (utime + stime). */
  own: number;
  /** Its children's that exited and were waited for (cutime + cstime). */
  reaped: number;
}

/** Reads /proc/<pid>/stat: "pid (name) state ppid ... utime stime cutime cstime ...", the name possibly holding spaces and parentheses. */
export function parsePidStat(text: string): Stat | undefined {
  const open = text.indexOf('(');
  const close = text.lastIndexOf(')');
  if (open < 0 || close < open) return undefined;
  const fields = text
    .slice(close + 2)
    .trim()
    .split(/\s+/)
    .map(Number);
  // fields[0] is the state (a letter, NaN here); ppid is field 4 of the line, utime 14 to cstime 17.
  const [ppid, utime, stime, cutime, cstime] = [fields[1], fields[11], fields[12], fields[13], fields[14]];
  if ([ppid, utime, stime, cutime, cstime].some((field) => !Number.isSafeInteger(field))) return undefined;
  return {
    pid: Number(text.slice(0, open)),
    ppid: ppid!,
    name: text.slice(open + 1, close),
    own: utime! + stime!,
    reaped: cutime! + cstime!,
  };
}

function readStats(): Stat[] {
  const stats: Stat[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = parsePidStat(readFileSync(`/proc/${entry}/stat`, 'utf8'));
      if (stat) stats.push(stat);
    } catch {
      // The process ended while the folder was read.
    }
  }
  return stats;
}

/**
 * The CPU the descendants of `root` have used so far: each living descendant's own and that of
 * its children it has waited for, and the children `root` itself has waited for (a process that
 * ended is counted once, in its parent's). A descendant is Chromium's when its name is; the ended
 * children of `root` count as others (the worker's Chromium lives as long as the worker).
 * Undefined where there is no /proc (not Linux).
 */
export function descendantsCpu(root: number = process.pid, stats: Stat[] | undefined = tryReadStats()): DescendantsCpu | undefined {
  if (!stats) return undefined;
  const children = new Map<number, Stat[]>();
  for (const stat of stats) children.set(stat.ppid, [...(children.get(stat.ppid) ?? []), stat]);
  const self = stats.find((stat) => stat.pid === root);
  let chromium = 0;
  let others = self?.reaped ?? 0;
  const walk = (pid: number, inChromium: boolean) => {
    for (const child of children.get(pid) ?? []) {
      const isChromium = inChromium || /chrom/i.test(child.name);
      if (isChromium) chromium += child.own + child.reaped;
      else others += child.own + child.reaped;
      walk(child.pid, isChromium);
    }
  };
  walk(root, false);
  return { chromium: chromium / TICKS_PER_SECOND, others: others / TICKS_PER_SECOND };
}

function tryReadStats(): Stat[] | undefined {
  try {
    return readStats();
  } catch {
    return undefined;
  }
}

import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';

/** The machine's CPU time so far, all CPUs and processes together, in clock ticks (Linux's /proc/stat). */
export interface CpuCounters {
  busy: number;
  idle: number;
}

/** How busy the machine's CPUs were between two readings: what a run asked of the machine, whoever did the work. */
export interface MachineLoad {
  cpus: number;
  busyPercent: number;
  /** Busy CPU time over the interval: what the interval's work would take on one CPU. */
  busyCpuSeconds: number;
}

/**
 * Reads /proc/stat's first line: "cpu user nice system idle iowait irq softirq steal guest guest_nice".
 * Guest time is already counted in user time, so it is left out.
 */
export function parseProcStat(text: string): CpuCounters | undefined {
  const line = text.split('\n').find((candidate) => /^cpu\s/.test(candidate));
  const fields = line?.trim().split(/\s+/).slice(1).map(Number);
  if (!fields || fields.length < 8 || fields.some((field) => !Number.isSafeInteger(field))) return undefined;
  const [user, nice, system, idle, iowait, irq, softirq, steal] = fields as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  return { busy: user + nice + system + irq + softirq + steal, idle: idle + iowait };
}

/** The counters now, or undefined where there is no /proc/stat (not Linux). */
export function readCpuCounters(): CpuCounters | undefined {
  try {
    return parseProcStat(readFileSync('/proc/stat', 'utf8'));
  } catch {
    return undefined;
  }
}

export function machineLoad(before: CpuCounters, after: CpuCounters, wallSeconds: number, cpus = availableParallelism()): MachineLoad {
  const busy = after.busy - before.busy;
  const all = busy + after.idle - before.idle;
  const fraction = all > 0 ? busy / all : 0;
  return {
    cpus,
    busyPercent: Math.round(fraction * 100),
    busyCpuSeconds: Math.round(fraction * cpus * wallSeconds),
  };
}

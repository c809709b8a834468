import type { LogStream } from './request-log';

/**
 * The log as a person at a terminal reads it: one short line per JSON line of pino (a call: its
 * method, outcome and milliseconds; a request: method, path, status, milliseconds; anything else:
 * its level and message). Only for a terminal: redirected to a file or a collector the log stays
 * JSON lines. The lines are made from what pino already redacted.
 */

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };

const two = (n: number) => String(n).padStart(2, '0');
const clock = (time: unknown) => {
  const at = new Date(typeof time === 'number' ? time : Date.now());
  return `${two(at.getHours())}:${two(at.getMinutes())}:${two(at.getSeconds())}`;
};
const millis = (ms: unknown) => (typeof ms === 'number' ? `${ms} ms` : '');
const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

/** One JSON line of pino as one readable line (without its line break); a line that is not JSON as it came. */
export function terminalLine(line: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line.replace(/\n$/, '');
  }
  const level = typeof entry.level === 'number' ? entry.level : 30;
  const label = level >= 40 ? ` ${LEVELS[level] ?? level}` : '';
  const parts: string[] = [clock(entry.time) + label];
  if (entry.msg === 'call') {
    const outcome = entry.outcome === 'ok' || entry.code === null ? 'ok' : `${text(entry.outcome) || 'refused'} ${text(entry.code)}`;
    parts.push(text(entry.site), text(entry.method), outcome, millis(entry.ms));
  } else if (entry.msg === 'request') {
    parts.push(text(entry.http), text(entry.path), text(entry.status), millis(entry.ms));
  } else {
    parts.push(text(entry.msg));
    const error = entry.err as { message?: unknown; stack?: unknown } | undefined;
    // An error's stack below its line (indented): what the operator needs to report it.
    if (error && typeof error.stack === 'string' && level >= 50) parts.push(`\n  ${error.stack.split('\n').join('\n  ')}`);
    else if (error && typeof error.message === 'string') parts.push(`(${error.message})`);
  }
  return parts
    .filter((part) => part !== '')
    .join('  ')
    .replace(/ {2}\n/, '\n');
}

/** A pino stream writing terminalLine of each line to `out` (standard output when it is a terminal). */
export function terminalLogStream(out: { write(text: string): unknown }): LogStream {
  return {
    write: (chunk) => {
      for (const line of chunk.split('\n')) if (line !== '') out.write(`${terminalLine(line)}\n`);
    },
  };
}

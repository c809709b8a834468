import pino from 'pino';
import { loggerOptions } from '../gateway/http/request-log';

/**
 * What the start says about itself (the database it reached, migrations, the seed, the banner,
 * the stop): plain lines on a terminal, where a person reads them; JSON lines like the rest of
 * the log anywhere else (a file, a pipe, journald), so a collector never meets a plain line.
 * Its own refusals to start stay one plain line on standard error.
 */
export interface StartLog {
  info(message: string): void;
  warn(message: string): void;
  error(message: string, error: unknown): void;
}

export function startLog(level: string, terminal: boolean): StartLog {
  if (terminal) {
    return {
      info: (message) => console.log(message),
      warn: (message) => console.warn(message),
      error: (message, error) => console.error(message, error),
    };
  }
  // Written at once (sync): the lines of a stop are out before the process exits.
  const log = pino(loggerOptions(level), pino.destination({ dest: 1, sync: true }));
  return {
    info: (message) => log.info(message.trim()),
    warn: (message) => log.warn(message.trim()),
    error: (message, error) => log.error({ err: error }, message),
  };
}

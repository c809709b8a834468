import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';

/**
 * End-to-end tests need Debian's Chromium. In CI a missing browser is an error; elsewhere the
 * tests are skipped with a loud message, so a developer without it still runs the rest.
 */
export function browserAvailable(): boolean {
  if (existsSync(CHROMIUM)) return true;
  if (process.env.CI) throw new Error(`${CHROMIUM} is missing: CI must install Debian's chromium (see .ci/run)`);
  console.warn(`\n*** END-TO-END TESTS SKIPPED: ${CHROMIUM} not found (apt-get install -y chromium) ***\n`);
  return false;
}

/** Debian's Chromium with the flags of ARCHITECTURE.md, plus any given (e.g. --host-resolver-rules). */
export function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...extraArgs,
    ],
  });
}

import { parseArgs } from 'node:util';
import { platformKeyIdSchema } from '../../contract/platform-api.contract';
import { readSecret, refuseSecretArgument, SecretInputRefusal, secretOptions, secretSourceOf } from '../kernel/secret-input';
import { checkConformance, formatOutcome } from '../platform-api/conformance';

// `npm run platform:check -- …`: the platform API's promises checked against a running platform
// (server/platform-api/conformance.ts). One line per promise on stdout; exit 0 only when all
// pass, 1 when one fails, 2 for a bad command line.
const USAGE = `Usage: npm run platform:check -- --url <url> --key-id <keyId> [--secret-file <path> | --secret-stdin] [--site <siteId>]
  Drives the platform at <url> through the promises of its API (docs/platform-api.md "Conformance")
  and prints one pass/fail line per promise; exit code 0 only when all pass.
  --secret-file  a file holding the key's secret (its first line); --secret-stdin, or neither: one
                 line of standard input (typed without echo on a terminal)
  --site  the site id the checks use (default: conformance-<random>). Its closed games and game
          notices are replaced and then emptied: name a test site, never a live one.`;

function refuse(message: string): never {
  console.error(message);
  process.exit(2);
}

let values;
try {
  refuseSecretArgument(process.argv.slice(2));
} catch (error) {
  refuse((error as Error).message);
}
try {
  ({ values } = parseArgs({
    args: process.argv.slice(2),
    options: {
      url: { type: 'string' },
      'key-id': { type: 'string' },
      ...secretOptions,
      site: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    allowPositionals: false,
    strict: true,
  }));
} catch (error) {
  refuse(`${(error as Error).message.split('\n')[0]} (npm run platform:check -- --help)`);
}
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
let url: URL | undefined;
try {
  url = new URL(values.url ?? '');
} catch {
  // Refused below.
}
if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:'))
  refuse(`Bad --url "${values.url ?? ''}": an http:// or https:// address.`);
if (!platformKeyIdSchema.safeParse(values['key-id']).success) refuse('Bad --key-id: 1 to 64 of A-Z, a-z, 0-9, ".", "_" and "-".');
if (values.site !== undefined && !/^[a-z0-9-]{2,32}$/.test(values.site))
  refuse(`Bad --site "${values.site}": 2 to 32 of a-z, 0-9 and "-".`);
let secret = '';
try {
  secret = await readSecret(secretSourceOf(values), 'Secret of the key');
} catch (error) {
  if (!(error instanceof SecretInputRefusal)) throw error;
  refuse(error.message);
}
if (!secret) refuse('Missing secret: an empty line (--secret-file <path> or --secret-stdin).');

const outcomes = await checkConformance({
  url: url.toString(),
  keyId: values['key-id']!,
  secret,
  ...(values.site ? { siteId: values.site } : {}),
});
for (const outcome of outcomes) console.log(formatOutcome(outcome));
process.exit(outcomes.every((outcome) => outcome.ok) ? 0 : 1);

import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import {
  readSecret,
  refuseSecretArgument,
  SecretInputRefusal,
  secretOptions,
  secretSourceOf,
  type SecretSource,
} from '../kernel/secret-input';
import type { Database } from '../kernel/db/database';
import { migrate } from '../kernel/db/migrate';
import { SecretsKeyRefusal } from '../kernel/secrets-key';
import { sealStoredSecrets } from '../kernel/stored-secrets';
import type { PlatformFor } from '../platform/game-platform';
import { syncSitePlatform } from '../games/platform-sync';
import {
  addSite,
  DEFAULT_ADMIN_LOGIN,
  endRotation,
  listSites,
  parseAdminLogin,
  parseCurrency,
  parseHosts,
  parsePlatform,
  parseSiteId,
  parseTheme,
  parseTitle,
  resetAdmin,
  resumePlatform,
  resyncPlatform,
  setDisabled,
  setHosts,
  setPlatform,
  setTheme,
  setTitle,
  SiteAdminRefusal,
  startRotation,
  type PlatformConnection,
} from './site-admin.service';

/**
 * `npm run site -- <verb> …` (server/cli/site.ts; docs/operations.md "Sites"): the whole command line
 * is checked before the database is opened, and a refusal is one line and exit code 2 with
 * nothing changed. The process's part (which database, where the lines go) is the caller's, so
 * tests run it in process.
 */
export const SITE_USAGE = `Usage: npm run site -- <verb> …
  add <siteId> --host <host>[,<host>…] --title <text> [--theme black|red] [--currency CNY] [--admin <loginId>]
  list
  hosts <siteId> <host>[,<host>…]
  title <siteId> <text>
  theme <siteId> black|red
  disable <siteId> | enable <siteId>
  platform <siteId> --url <url> --key-id <keyId> [--secret-file <path> | --secret-stdin] | platform <siteId> --embedded | platform <siteId> --resync
  platform <siteId> --resume   (after npm run restore: this copy calls the site's platform again)
  platform <siteId> --rotate [--secret-file <path> | --secret-stdin | --generate]   (a new secret; the old one still accepted)
  platform <siteId> --rotate-end   (drops the old secret)
    (the secret from a file, or standard input: typed without echo when neither is given; never on the command line)
  reset-admin <siteId>`;

/** An action's work; `io` for the verbs that call the game platform (platform). Answers the exit code, 0 unless it says otherwise. */
type Action = (db: Database, now: Date, out: (text: string) => void, io: SiteCommandIo) => Promise<void | 0 | 1>;

const options = {
  host: { type: 'string' },
  title: { type: 'string' },
  theme: { type: 'string' },
  currency: { type: 'string' },
  admin: { type: 'string' },
  url: { type: 'string' },
  'key-id': { type: 'string' },
  ...secretOptions,
  embedded: { type: 'boolean' },
  resync: { type: 'boolean' },
  resume: { type: 'boolean' },
  rotate: { type: 'boolean' },
  'rotate-end': { type: 'boolean' },
  generate: { type: 'boolean' },
} as const;

type Values = ReturnType<typeof parseArgs<{ options: typeof options; allowPositionals: true }>>['values'];

/** Refuses options the verb does not take, so a typo never passes silently. */
function only(values: Values, verb: string, allowed: readonly (keyof typeof options)[]) {
  const extra = (Object.keys(values) as (keyof typeof options)[]).find((name) => !allowed.includes(name));
  if (extra) throw new SiteAdminRefusal(`"${verb}" takes no --${extra}.`);
}

function positionals(args: string[], verb: string, count: number): string[] {
  if (args.length > count) throw new SiteAdminRefusal(`Too many arguments for "${verb}": ${args.slice(count).join(' ')}`);
  return args;
}

/** `add <siteId> --host … --title …`: a new site and its company account, its one-time pair printed once. */
function addAction(values: Values, rest: string[]): Action {
  only(values, 'add', ['host', 'title', 'theme', 'currency', 'admin']);
  const [id] = positionals(rest, 'add', 1);
  if (values.host === undefined) throw new SiteAdminRefusal('Missing --host <host>[,<host>…].');
  if (values.title === undefined) throw new SiteAdminRefusal('Missing --title <text>.');
  const site = {
    id: parseSiteId(id),
    hosts: parseHosts(values.host),
    title: parseTitle(values.title),
    theme: parseTheme(values.theme ?? 'black'),
    currency: parseCurrency(values.currency ?? 'CNY'),
    adminLogin: parseAdminLogin(values.admin ?? DEFAULT_ADMIN_LOGIN),
  };
  return async (db, now, out) => {
    const { password, safeCode } = await addSite(db, site, now);
    out(`Added site ${site.id} (${site.hosts.join(', ')}): "${site.title}", theme ${site.theme}, currency ${site.currency}.
Its company account signs in at http://${site.hosts[0]}/ with:
  login:      ${site.adminLogin}
  password:   ${password}
  safe code:  ${safeCode}
This password is shown once and never stored in clear; the first sign-in sets a new password and safe code.`);
  };
}

/** `list`: the sites as a table, one row each. */
function listAction(values: Values, rest: string[]): Action {
  only(values, 'list', []);
  positionals(rest, 'list', 0);
  return async (db, _now, out) => {
    const sites = await listSites(db);
    if (sites.length === 0) {
      out('No site yet: npm run site -- add <siteId> --host <host> --title <text>');
      return;
    }
    const rows = [
      ['id', 'hosts', 'title', 'status', 'platform'],
      ...sites.map((site) => [
        site.id,
        site.hosts.join(',') + (site.isDefault ? ' (+ unknown hosts)' : ''),
        site.title,
        site.status,
        site.platform,
      ]),
    ];
    const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => [...row[column]!].length)));
    for (const row of rows)
      out(
        row
          .map((cell, column) => cell.padEnd(widths[column]!))
          .join('  ')
          .trimEnd(),
      );
  };
}

/** `platform <siteId> …`: the site's platform set (embedded, or by URL, key id and secret), resynced or resumed; the secret read before anything changes. */
async function platformAction(values: Values, rest: string[], io: SiteCommandIo): Promise<Action> {
  only(values, 'platform', [
    'url',
    'key-id',
    'secret-file',
    'secret-stdin',
    'embedded',
    'resync',
    'resume',
    'rotate',
    'rotate-end',
    'generate',
  ]);
  const [id] = positionals(rest, 'platform', 1);
  const siteId = parseSiteId(id);
  if (values.rotate || values['rotate-end']) return rotationAction(values, siteId, io);
  if (values.generate) throw new SiteAdminRefusal('--generate goes with --rotate only.');
  const given =
    values.url !== undefined || values['key-id'] !== undefined || values['secret-file'] !== undefined || values['secret-stdin'] === true;
  if ([values.embedded === true, given, values.resync === true, values.resume === true].filter(Boolean).length > 1)
    throw new SiteAdminRefusal('Give one of --embedded, --resync, --resume, or --url and --key-id (and the secret).');
  if (values.resume) {
    return async (db, now, out) => {
      const url = await resumePlatform(db, siteId, now);
      out(
        url === null
          ? `The platform of ${siteId} was not paused: nothing changed.`
          : `Site ${siteId} calls its platform at ${url} again: feed reads, transfer repair and pushes resume.`,
      );
    };
  }
  if (values.resync) {
    return async (db, now, out, io) => {
      await resyncPlatform(db, siteId, now);
      return pushAll(db, siteId, out, io);
    };
  }
  if (!values.embedded && !given) throw new SiteAdminRefusal('Missing --url <url> --key-id <keyId> (or --embedded).');
  let platform: PlatformConnection = { kind: 'embedded' };
  if (!values.embedded) {
    const source = secretSourceOf(values);
    // URL and key id first: a typo there is refused before anyone types the secret.
    parsePlatform({ url: values.url, keyId: values['key-id'], secret: 'x'.repeat(32) });
    const secret = await (io.readSecret ?? readPlatformSecret)(source);
    platform = parsePlatform({ url: values.url, keyId: values['key-id'], secret });
  }
  return async (db, now, out, io) => {
    await setPlatform(db, siteId, platform, now);
    out(`Site ${siteId} plays on ${platform.kind === 'http' ? `${platform.url} (key id ${platform.keyId})` : 'the embedded platform'}.`);
    return pushAll(db, siteId, out, io);
  };
}

/**
 * `platform <siteId> --rotate`: a new secret for the site's HTTP platform (read like the others, or
 * made here and shown once), the old one still accepted on the platform's calls; `--rotate-end`
 * drops the old one. Docs/operations.md, "Rotating a platform secret".
 */
async function rotationAction(values: Values, siteId: string, io: SiteCommandIo): Promise<Action> {
  const others = (['url', 'key-id', 'embedded', 'resync', 'resume'] as const).filter((name) => values[name] !== undefined);
  if (others.length > 0 || (values.rotate && values['rotate-end'])) {
    throw new SiteAdminRefusal(
      'Give --rotate (with its secret) or --rotate-end alone: no --url, --key-id, --embedded, --resync or --resume.',
    );
  }
  if (values['rotate-end']) {
    if (values.generate || values['secret-file'] !== undefined || values['secret-stdin'])
      throw new SiteAdminRefusal('--rotate-end takes no secret.');
    return async (db, now, out) => {
      const { since } = await endRotation(db, siteId, now);
      out(`The rotation of ${siteId}'s platform secret (since ${since}) has ended: only the new secret is accepted now.`);
    };
  }
  if (values.generate && (values['secret-file'] !== undefined || values['secret-stdin'])) {
    throw new SiteAdminRefusal('Give one of --generate, --secret-file <path> and --secret-stdin.');
  }
  // 32 random bytes, 43 characters of base64url: within the secret's rules (parsePlatform).
  const secret = values.generate
    ? randomBytes(32).toString('base64url')
    : await (io.readSecret ?? readPlatformSecret)(secretSourceOf(values));
  parsePlatform({ url: 'http://platform.invalid', keyId: 'rotation', secret });
  return async (db, now, out) => {
    const { url } = await startRotation(db, siteId, secret, now);
    if (values.generate) {
      out(`The new platform secret, shown this once (give it to the platform at ${url}; it is stored sealed and never shown again):
  ${secret}`);
    }
    out(`Site ${siteId} signs its calls to ${url} with the new secret; the platform's calls are accepted under the old one or the new one
until: npm run site -- platform ${siteId} --rotate-end`);
  };
}

/**
 * Checks the whole command line before the database is opened: everything but a site's existence
 * and its hosts' owners. The platform's secret is read here too, so a bad one changes nothing.
 */
async function actionOf(argv: string[], io: SiteCommandIo): Promise<Action> {
  refuseSecretArgument(argv);
  const { values, positionals: args } = parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  const [verb, ...rest] = args;
  switch (verb) {
    case 'add':
      return addAction(values, rest);
    case 'list':
      return listAction(values, rest);
    case 'hosts': {
      only(values, verb, []);
      const [id, hosts] = positionals(rest, verb, 2);
      const siteId = parseSiteId(id);
      const list = parseHosts(hosts);
      return async (db, now, out) => {
        await setHosts(db, siteId, list, now);
        out(`Site ${siteId} now answers ${list.join(', ')}.`);
      };
    }
    case 'title': {
      only(values, verb, []);
      const [id, ...words] = rest;
      const siteId = parseSiteId(id);
      // Unquoted words are one title: `title acme Acme Club`.
      const title = parseTitle(words.join(' '));
      return async (db, now, out) => {
        await setTitle(db, siteId, title, now);
        out(`Site ${siteId} is titled "${title}".`);
      };
    }
    case 'theme': {
      only(values, verb, []);
      const [id, theme] = positionals(rest, verb, 2);
      const siteId = parseSiteId(id);
      const ui = parseTheme(theme);
      return async (db, now, out) => {
        await setTheme(db, siteId, ui, now);
        out(`Site ${siteId} has the ${ui} theme.`);
      };
    }
    case 'disable':
    case 'enable': {
      only(values, verb, []);
      const [id] = positionals(rest, verb, 1);
      const siteId = parseSiteId(id);
      const disabled = verb === 'disable';
      return async (db, now, out) => {
        const changed = await setDisabled(db, siteId, disabled, now);
        out(
          `Site ${siteId} ${changed ? 'is now' : 'was already'} ${disabled ? 'disabled: it answers its maintenance screen to everyone' : 'enabled'}.`,
        );
      };
    }
    case 'platform':
      return platformAction(values, rest, io);
    case 'reset-admin': {
      only(values, verb, []);
      const [id] = positionals(rest, verb, 1);
      const siteId = parseSiteId(id);
      return async (db, now, out) => {
        const { loginId, password, safeCode } = await resetAdmin(db, siteId, now);
        out(`The company account of ${siteId} has a new one-time pair; its sessions have ended:
  login:      ${loginId}
  password:   ${password}
  safe code:  ${safeCode}
This password is shown once and never stored in clear; the next sign-in sets a new password and safe code.`);
      };
    }
    case undefined:
      throw new SiteAdminRefusal(`Missing verb.\n${SITE_USAGE}`);
    default:
      throw new SiteAdminRefusal(`Unknown verb "${verb}": add, list, hosts, title, theme, disable, enable, platform or reset-admin.`);
  }
}

/**
 * Tells the site's platform everything it must know (queued by setPlatform or resyncPlatform):
 * waits for it with its progress and prints the result; 1 when the platform did not take it all.
 */
async function pushAll(db: Database, siteId: string, out: (text: string) => void, io: SiteCommandIo): Promise<0 | 1> {
  let shown = -1;
  const outcome = await syncSitePlatform(db, io.platformFor, siteId, io, {
    onProgress(pushed, total) {
      if (pushed === shown || pushed === 0 || pushed === total) return;
      shown = pushed;
      out(`Pushing to the platform: ${pushed} of ${total}…`);
    },
  });
  if (outcome.notAcknowledged === 0) {
    out(`The platform took everything it must know of ${siteId}: ${outcome.pushed} pushes (accounts, closed games, game notices).`);
    return 0;
  }
  out(`The platform did not take ${outcome.notAcknowledged} of ${outcome.total} pushes (${outcome.lastError ?? 'no answer'}).
They stay queued: every gateway running background work sends them again, and the platform health counts them.
Run it again with: npm run site -- platform ${siteId} --resync`);
  return 1;
}

export interface SiteCommandIo {
  /** Opens the database; called only once the command line is known good. */
  open(): Promise<{ db: Database; close(): Promise<void> }>;
  out(text: string): void;
  err(text: string): void;
  now(): Date;
  /** The game platform of each site, for the pushes of `platform` (sitePlatforms). */
  platformFor: PlatformFor;
  /** Reads the platform's secret (readSecret: a file, or the process's standard input). */
  readSecret?: (source: SecretSource) => Promise<string>;
}

const readPlatformSecret = (source: SecretSource) => readSecret(source, 'Platform secret');

/** The operator's refusals: ours, and parseArgs' own (an unknown option, a missing value). */
function refusalText(error: unknown): string | null {
  if (error instanceof SiteAdminRefusal || error instanceof SecretInputRefusal || error instanceof SecretsKeyRefusal) return error.message;
  return (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS') ? (error as Error).message : null;
}

/** Runs one command line: 0 done, 2 refused (nothing changed), 1 failed otherwise. */
export async function runSiteCommand(argv: string[], io: SiteCommandIo): Promise<0 | 1 | 2> {
  let action: Action;
  try {
    action = await actionOf(argv, io);
  } catch (error) {
    const text = refusalText(error);
    if (text === null) throw error;
    io.err(text);
    return 2;
  }
  const { db, close } = await io.open();
  try {
    // A fresh PostgreSQL database may meet this command before its first `npm start`.
    const applied = await migrate(db);
    if (applied.length > 0) io.out(`Migrated: ${applied.join(', ')}`);
    // The process's key (cli/site.ts) must open what the database holds; what is still clear gets sealed.
    await sealStoredSecrets(db);
    return (await action(db, io.now(), io.out, io)) ?? 0;
  } catch (error) {
    const text = refusalText(error);
    io.err(text ?? `site: ${error instanceof Error ? error.message : String(error)}`);
    return text === null ? 1 : 2;
  } finally {
    await close();
  }
}

import { wireId } from '../kernel/db/ids';
import { randomInt } from 'node:crypto';
import { isIP } from 'node:net';
import { sql } from '../kernel/db/sql';
import type { FieldChange, SiteSystemVerb } from '../../contract/audit.contract';
import { LOGIN_ID_PATTERN, PASSWORD_MAX } from '../../contract/patterns.contract';
import { passwordRule } from '../../contract/rules.contract';
import { hashSecret } from '../kernel/password';
import { uniqueViolation, type Database, type Queryable } from '../kernel/db/database';
import { raiseLiveEvent } from '../events/live-events.service';
import { queueFullPush } from '../platform/push-queue';
import { endSessionsOf } from '../kernel/session.store';
import { recordOperation } from '../kernel/operation-log';
import { openSecret, sealSecret } from '../kernel/secrets-key';
import { platformSecretContext } from '../kernel/stored-secrets';

/**
 * The operator's changes to sites (`npm run site`, docs/operations.md "Sites"): each change is
 * one transaction with its operation record row, done by `system` (no account). Bad input is a
 * SiteAdminRefusal, thrown before anything is written.
 */

/** One clear line for the operator; nothing was changed. */
export class SiteAdminRefusal extends Error {
  override name = 'SiteAdminRefusal';
}

/** `[a-z0-9-]{2,32}`, not starting with a hyphen (it would read as an option, and sites.id refuses it). */
export const SITE_ID_PATTERN = /^[a-z0-9][a-z0-9-]{1,31}$/;
export const SITE_THEMES = ['black', 'red'] as const;
/** The currencies a site may deal in: those of the product's five languages' markets (ISO 4217). */
export const SITE_CURRENCIES = ['CNY', 'USD', 'THB', 'VND', 'IDR'] as const;
/** A new site's company account; its first sign-in sets a new password and safe code. */
export const DEFAULT_ADMIN_LOGIN = 'admin';
export const FIRST_SAFE_CODE = '0000';
const TITLE_MAX = 64;
const SYSTEM = 'system';

export type SiteTheme = (typeof SITE_THEMES)[number];
export type SiteCurrency = (typeof SITE_CURRENCIES)[number];

/**
 * The company's own limits: it has no parent to set them, and every account below is held to
 * at most its values, so they leave the agents' settings free (share and wash-code 100 %, a
 * point limit of 10,000,000,000.00).
 */
const COMPANY = { pointLimit: 1_000_000_000_000, share: 10_000, washCode: 10_000 };
/** Red-limit presets a new site starts with (cents: minimum and maximum bet, 0 = unlimited), as the demo's. */
const RED_LIMITS: SiteRows['redLimits'] = {
  live: [
    [1_000, 100_000],
    [5_000, 500_000],
    [10_000, 1_000_000],
    [50_000, 5_000_000],
  ],
  electronic: [
    [100, 50_000],
    [1_000, 200_000],
    [10_000, 0],
  ],
};

export function parseSiteId(value: string | undefined): string {
  if (value === undefined || !SITE_ID_PATTERN.test(value)) {
    throw new SiteAdminRefusal(`Bad site id "${value ?? ''}": 2 to 32 of a-z, 0-9 and "-", not starting with "-".`);
  }
  return value;
}

const HOST_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** "Bo.Acme.test, bo2.acme.test" -> ["bo.acme.test", "bo2.acme.test"]: names or IP addresses as the Host header carries them, no port. */
export function parseHosts(value: string | undefined): string[] {
  const hosts = [
    ...new Set(
      (value ?? '')
        .split(',')
        .map((host) => host.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
  if (hosts.length === 0) throw new SiteAdminRefusal('Missing hosts: give one or more, comma-separated (bo.example.com,bo2.example.com).');
  for (const host of hosts) {
    const name = host.length <= 253 && host.split('.').every((label) => HOST_LABEL.test(label));
    if (!name && isIP(host) === 0) throw new SiteAdminRefusal(`Bad host "${host}": a host name or an IP address, without scheme or port.`);
  }
  return hosts;
}

export function parseTitle(value: string | undefined): string {
  const title = (value ?? '').normalize('NFC').trim();
  if (title === '' || [...title].length > TITLE_MAX || /[\p{Cc}\p{Cf}]/u.test(title)) {
    throw new SiteAdminRefusal(`Bad title: 1 to ${TITLE_MAX} visible characters.`);
  }
  return title;
}

export function parseTheme(value: string | undefined): SiteTheme {
  const theme = SITE_THEMES.find((each) => each === value);
  if (!theme) throw new SiteAdminRefusal(`Unknown theme "${value ?? ''}": ${SITE_THEMES.join(' or ')}.`);
  return theme;
}

export function parseCurrency(value: string | undefined): SiteCurrency {
  const currency = SITE_CURRENCIES.find((each) => each === value?.toUpperCase());
  if (!currency) throw new SiteAdminRefusal(`Unknown currency "${value ?? ''}": one of ${SITE_CURRENCIES.join(', ')}.`);
  return currency;
}

export function parseAdminLogin(value: string | undefined): string {
  if (value === undefined || !LOGIN_ID_PATTERN.test(value)) {
    throw new SiteAdminRefusal(`Bad admin login "${value ?? ''}": 4 to 16 of A-Z, a-z, 0-9, "_" and "-".`);
  }
  return value;
}

export type PlatformConnection = { kind: 'embedded' } | { kind: 'http'; url: string; keyId: string; secret: string };

/** An http(s) base URL without credentials, a key id, and a secret of 32 characters or more. */
export function parsePlatform(input: {
  url?: string | undefined;
  keyId?: string | undefined;
  secret?: string | undefined;
}): PlatformConnection {
  let url: URL;
  try {
    url = new URL(input.url ?? '');
  } catch {
    throw new SiteAdminRefusal(`Bad platform URL "${input.url ?? ''}": an http:// or https:// address.`);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password || url.search || url.hash) {
    throw new SiteAdminRefusal(
      `Bad platform URL "${input.url ?? ''}": an http:// or https:// address, without credentials, query or fragment.`,
    );
  }
  if (input.keyId === undefined || !/^[A-Za-z0-9._-]{1,64}$/.test(input.keyId)) {
    throw new SiteAdminRefusal('Bad --key-id: 1 to 64 of A-Z, a-z, 0-9, ".", "_" and "-".');
  }
  // The secret signs every request both ways (HMAC-SHA256): long enough not to be guessed.
  if (input.secret === undefined || !/^[\x21-\x7e]{32,256}$/.test(input.secret)) {
    throw new SiteAdminRefusal('Bad platform secret: 32 to 256 printable characters without spaces.');
  }
  return { kind: 'http', url: url.toString().replace(/\/$/, ''), keyId: input.keyId, secret: input.secret };
}

const PASSWORD_ALPHABET = {
  upper: 'ABCDEFGHJKLMNPQRSTUVWXYZ',
  lower: 'abcdefghijkmnopqrstuvwxyz',
  digit: '23456789',
};

/** A random password that meets the password rules (contract/rules.contract.ts), without look-alike characters. */
export function oneTimePassword(): string {
  const all = PASSWORD_ALPHABET.upper + PASSWORD_ALPHABET.lower + PASSWORD_ALPHABET.digit;
  const pick = (from: string) => from[randomInt(from.length)]!;
  for (;;) {
    // The longest the rules allow but one: about 80 bits.
    const password = Array.from({ length: PASSWORD_MAX - 1 }, () => pick(all)).join('');
    if (passwordRule.safeParse(password).success) return password;
  }
}

/** The site's first company account: the system's rows belong to its line (the company sees them). */
async function companyOf(db: Queryable, siteId: string): Promise<string | undefined> {
  const row = await db.one<{ id: bigint }>(
    sql`SELECT id FROM accounts WHERE site_id = ${siteId} AND level = 0 AND kind = 'tree' ORDER BY id LIMIT 1`,
  );
  return row ? wireId(row.id) : undefined;
}

async function recordBySystem(
  tx: Queryable,
  siteId: string,
  verb: SiteSystemVerb,
  detail: { summary: string; params: Record<string, unknown>; changes: FieldChange[]; targetId?: string },
  now: Date,
) {
  const company = await companyOf(tx, siteId);
  await recordOperation(tx, {
    siteId,
    accountId: null,
    subAccountId: null,
    operatorLogin: SYSTEM,
    // Named like the gateway's methods, so the operation record names it in every language (audit.action.system_site_*).
    method: `system.site.${verb}`,
    targetId: detail.targetId ?? company,
    summary: detail.summary,
    params: detail.params,
    changes: detail.changes,
    ip: '',
    level: 'normal',
    code: null,
    lineOf: company,
    at: now,
  });
}

/** Refuses hosts another site holds (checked again by site_hosts' key when two changes race). */
async function checkHostsFree(tx: Queryable, siteId: string, hosts: readonly string[]) {
  const held = await tx.one<{ host: string; site_id: string }>(sql`SELECT host, site_id FROM site_hosts
    WHERE host IN (${sql.join(
      hosts.map((host) => sql`${host}`),
      sql`, `,
    )}) AND site_id <> ${siteId} ORDER BY host LIMIT 1`);
  if (held) throw new SiteAdminRefusal(`Host "${held.host}" belongs to site "${held.site_id}".`);
}

const hostTaken = (error: unknown, hosts: readonly string[]) =>
  uniqueViolation(error)?.constraint === 'site_hosts_pkey'
    ? new SiteAdminRefusal(`One of the hosts ${hosts.join(', ')} was just taken by another site.`)
    : error;

async function lockSite(tx: Queryable, siteId: string) {
  const site = await tx.one<{ id: string; title: string; ui: SiteTheme; disabled: boolean }>(
    sql`SELECT id, title, ui, disabled FROM sites WHERE id = ${siteId} FOR UPDATE`,
  );
  if (!site) throw new SiteAdminRefusal(`Unknown site "${siteId}" (npm run site -- list).`);
  return site;
}

async function hostsOf(db: Queryable, siteId: string): Promise<string[]> {
  const rows = await db.rows<{ host: string }>(sql`SELECT host FROM site_hosts WHERE site_id = ${siteId} ORDER BY host`);
  return rows.map((row) => row.host);
}

export interface NewSite {
  id: string;
  hosts: string[];
  title: string;
  theme: SiteTheme;
  currency: SiteCurrency;
  adminLogin: string;
}

/** What a site starts with, whoever makes it (`npm run site -- add`, or the demo seed). */
export interface SiteRows {
  id: string;
  title: string;
  theme: SiteTheme;
  /** The site of hosts no site claims: only the demo's. */
  isDefault: boolean;
  /** The site's minimum interval between one login's score changes; the column's default when absent. */
  minScoreIntervalMs?: number;
  hosts: readonly string[];
  company: {
    loginId: string;
    passwordHash: string;
    safeCodeHash: string;
    /** Cents. */
    pointLimit: number;
    /** Basis points (10,000 = 100 %): its share and its wash-code rate. */
    share: number;
    washCode: number;
    /** Its first sign-in sets a new password and safe code. */
    firstLogin: boolean;
  };
  /** Red-limit presets per game type: [minimum, maximum] bet in cents, a maximum of 0 unlimited. */
  redLimits: Readonly<Record<'live' | 'electronic', readonly (readonly [number, number])[]>>;
  /** ISO 4217 codes, the default first. */
  currencies: readonly string[];
}

/**
 * Writes a site's own rows: the site, its hosts, its company main account with the company's
 * game settings (its agent-to-company limit is its point limit), its red-limit presets and its
 * currencies; its game wallet comes from the sites_wallet trigger. Answers the company's id.
 */
export async function insertSiteRows(tx: Queryable, site: SiteRows, now: Date): Promise<string> {
  const interval = site.minScoreIntervalMs === undefined ? sql`DEFAULT` : sql`${site.minScoreIntervalMs}`;
  await tx.run(sql`INSERT INTO sites (id, title, ui, is_default, min_score_interval_ms, created_at)
    VALUES (${site.id}, ${site.title}, ${site.theme}, ${site.isDefault}, ${interval}, ${now})`);
  for (const host of site.hosts) await tx.run(sql`INSERT INTO site_hosts (host, site_id) VALUES (${host}, ${site.id})`);
  const { company } = site;
  const inserted = await tx.one<{ id: bigint }>(sql`INSERT INTO accounts
      (site_id, parent_id, level, login_id, nickname, password_hash, safe_code_hash, point_limit,
       agent_commision_rate, valid_amount_rate, first_login, force_pwd_update, created_at)
    VALUES (${site.id}, NULL, 0, ${company.loginId}, ${company.loginId}, ${company.passwordHash}, ${company.safeCodeHash},
       ${company.pointLimit}, ${company.share}, ${company.washCode}, ${company.firstLogin}, false, ${now})
    RETURNING id`);
  const companyId = String(inserted!.id);
  await tx.run(sql`INSERT INTO game_settings (account_id, game_type, betting_ratio, agent_rate, agent_to_company_limit)
    SELECT ${companyId}, t.game_type, ${company.washCode}, ${company.share}, ${company.pointLimit}
      FROM (VALUES ('live'), ('electronic')) AS t (game_type)`);
  for (const [gameType, presets] of Object.entries(site.redLimits)) {
    for (const [minBet, maxBet] of presets) {
      await tx.run(sql`INSERT INTO red_limit_presets (site_id, game_type, min_bet, max_bet)
        VALUES (${site.id}, ${gameType}, ${minBet}, ${maxBet})`);
    }
  }
  for (const [index, code] of site.currencies.entries()) {
    await tx.run(sql`INSERT INTO site_currencies (site_id, code, is_default) VALUES (${site.id}, ${code}, ${index === 0})`);
  }
  return companyId;
}

/**
 * A site ready to sign in to: its own rows (insertSiteRows; its company's first sign-in forced
 * to set a password and a safe code) and an embedded platform connection. Never the default
 * site: unknown hosts get no site of the command line.
 */
export async function addSite(db: Database, input: NewSite, now: Date): Promise<{ password: string; safeCode: string }> {
  const password = oneTimePassword();
  const [passwordHash, safeCodeHash] = await Promise.all([hashSecret(password), hashSecret(FIRST_SAFE_CODE)]);
  await db
    .transaction(async (tx) => {
      if (await tx.one(sql`SELECT 1 FROM sites WHERE id = ${input.id}`)) throw new SiteAdminRefusal(`Site "${input.id}" exists already.`);
      await checkHostsFree(tx, input.id, input.hosts);
      const companyId = await insertSiteRows(
        tx,
        {
          id: input.id,
          title: input.title,
          theme: input.theme,
          isDefault: false,
          hosts: input.hosts,
          company: { loginId: input.adminLogin, passwordHash, safeCodeHash, ...COMPANY, firstLogin: true },
          redLimits: RED_LIMITS,
          currencies: [input.currency],
        },
        now,
      );
      await tx.run(sql`INSERT INTO site_platforms (site_id, kind, updated_at) VALUES (${input.id}, 'embedded', ${now})`);
      await recordBySystem(
        tx,
        input.id,
        'add',
        {
          summary: `added site ${input.id} with company ${input.adminLogin}`,
          params: {
            site: input.id,
            hosts: input.hosts,
            title: input.title,
            theme: input.theme,
            currency: input.currency,
            admin: input.adminLogin,
          },
          changes: [
            { field: 'site', before: null, after: input.id },
            { field: 'hosts', before: null, after: input.hosts.join(',') },
            { field: 'title', before: null, after: input.title },
            { field: 'ui', before: null, after: input.theme },
            { field: 'currency', before: null, after: input.currency },
            { field: 'loginId', before: null, after: input.adminLogin },
          ],
          targetId: companyId,
        },
        now,
      );
    })
    .catch((error: unknown) => {
      if (uniqueViolation(error)?.constraint === 'sites_pkey') throw new SiteAdminRefusal(`Site "${input.id}" exists already.`);
      throw hostTaken(error, input.hosts);
    });
  return { password, safeCode: FIRST_SAFE_CODE };
}

export interface SiteListing {
  id: string;
  hosts: string[];
  title: string;
  theme: SiteTheme;
  status: 'enabled' | 'disabled';
  /** `embedded`, or the platform's URL, with the start of a rotation of its secret under way (never its key or secret). */
  platform: string;
  isDefault: boolean;
}

export async function listSites(db: Queryable): Promise<SiteListing[]> {
  const rows = await db.rows<{
    id: string;
    title: string;
    ui: SiteTheme;
    disabled: boolean;
    is_default: boolean;
    hosts: string[] | string | null;
    url: string | null;
    rotated_at: Date | string | null;
  }>(sql`SELECT s.id, s.title, s.ui, s.disabled, s.is_default, p.url, p.rotated_at,
           (SELECT string_agg(h.host, ',' ORDER BY h.host) FROM site_hosts h WHERE h.site_id = s.id) AS hosts
      FROM sites s LEFT JOIN site_platforms p ON p.site_id = s.id AND p.kind = 'http'
     ORDER BY s.id`);
  return rows.map((row) => ({
    id: row.id,
    hosts: typeof row.hosts === 'string' ? row.hosts.split(',') : [],
    title: row.title,
    theme: row.ui,
    status: row.disabled ? 'disabled' : 'enabled',
    platform:
      row.url === null ? 'embedded' : row.rotated_at === null ? row.url : `${row.url} (secret rotating since ${isoOf(row.rotated_at)})`,
    isDefault: row.is_default,
  }));
}

/** Replaces the site's hosts. */
export async function setHosts(db: Database, siteId: string, hosts: string[], now: Date): Promise<void> {
  await db
    .transaction(async (tx) => {
      await lockSite(tx, siteId);
      await checkHostsFree(tx, siteId, hosts);
      const before = await hostsOf(tx, siteId);
      await tx.run(sql`DELETE FROM site_hosts WHERE site_id = ${siteId}`);
      for (const host of hosts) await tx.run(sql`INSERT INTO site_hosts (host, site_id) VALUES (${host}, ${siteId})`);
      const after = await hostsOf(tx, siteId);
      await recordBySystem(
        tx,
        siteId,
        'hosts',
        {
          summary: `hosts of ${siteId}`,
          params: { site: siteId, hosts },
          changes: [{ field: 'hosts', before: before.join(','), after: after.join(',') }],
        },
        now,
      );
    })
    .catch((error: unknown) => {
      throw hostTaken(error, hosts);
    });
}

export async function setTitle(db: Database, siteId: string, title: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const site = await lockSite(tx, siteId);
    await tx.run(sql`UPDATE sites SET title = ${title} WHERE id = ${siteId}`);
    await recordBySystem(
      tx,
      siteId,
      'title',
      { summary: `title of ${siteId}`, params: { site: siteId, title }, changes: [{ field: 'title', before: site.title, after: title }] },
      now,
    );
  });
}

export async function setTheme(db: Database, siteId: string, theme: SiteTheme, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const site = await lockSite(tx, siteId);
    await tx.run(sql`UPDATE sites SET ui = ${theme} WHERE id = ${siteId}`);
    await recordBySystem(
      tx,
      siteId,
      'theme',
      { summary: `theme of ${siteId}`, params: { site: siteId, theme }, changes: [{ field: 'ui', before: site.ui, after: theme }] },
      now,
    );
  });
}

/** Disables (maintenance for everyone, the company included) or enables a site; answers whether anything changed. */
export async function setDisabled(db: Database, siteId: string, disabled: boolean, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const site = await lockSite(tx, siteId);
    if (site.disabled === disabled) return false;
    await tx.run(sql`UPDATE sites SET disabled = ${disabled} WHERE id = ${siteId}`);
    // Heard at the commit: a disabled site's live streams end then, in every process.
    await raiseLiveEvent(tx, siteId, { kind: 'site' });
    await recordBySystem(
      tx,
      siteId,
      disabled ? 'disable' : 'enable',
      {
        summary: `${disabled ? 'disabled' : 'enabled'} site ${siteId}`,
        params: { site: siteId },
        changes: [{ field: 'disabled', before: site.disabled, after: disabled }],
      },
      now,
    );
    return true;
  });
}

/** Stores how the site reaches its game platform; the secret goes into no record and no output. */
export async function setPlatform(db: Database, siteId: string, platform: PlatformConnection, now: Date): Promise<void> {
  const keyTaken = () =>
    new SiteAdminRefusal("That --key-id is another site's: a key id names one site (the platform's requests are told apart by it).");
  await db
    .transaction(async (tx) => {
      await lockSite(tx, siteId);
      const before = await tx.one<{ url: string | null }>(sql`SELECT url FROM site_platforms WHERE site_id = ${siteId}`);
      const http = platform.kind === 'http' ? platform : null;
      if (http && (await tx.one(sql`SELECT 1 FROM site_platforms WHERE key_id = ${http.keyId} AND site_id <> ${siteId}`))) throw keyTaken();
      // Sealed (kernel/secrets-key.ts); a new connection ends any rotation of the one it replaces.
      const sealed = http ? sealSecret(http.secret, platformSecretContext(siteId)) : null;
      await tx.run(sql`INSERT INTO site_platforms (site_id, kind, url, key_id, secret, updated_at)
      VALUES (${siteId}, ${platform.kind}, ${http?.url ?? null}, ${http?.keyId ?? null}, ${sealed}, ${now})
      ON CONFLICT (site_id) DO UPDATE SET kind = EXCLUDED.kind, url = EXCLUDED.url, key_id = EXCLUDED.key_id,
        secret = EXCLUDED.secret, secret_old = NULL, rotated_at = NULL, updated_at = EXCLUDED.updated_at, paused_at = NULL`);
      await recordBySystem(
        tx,
        siteId,
        'platform',
        {
          summary: `platform of ${siteId}`,
          params: { site: siteId, ...(http ? { url: http.url, keyId: http.keyId } : { embedded: true }) },
          changes: [{ field: 'platform', before: before?.url ?? 'embedded', after: http?.url ?? 'embedded' }],
        },
        now,
      );
      // The new platform knows nothing of the site yet: everything is pushed to it (syncSitePlatform sends it).
      await queueFullPush(tx, siteId, now);
    })
    .catch((error: unknown) => {
      // Another site took the key id at the same moment (the unique index of migration 0045).
      if (uniqueViolation(error)?.constraint === 'site_platforms_key_id') throw keyTaken();
      throw error;
    });
}

const isoOf = (at: Date | string) => (at instanceof Date ? at : new Date(at)).toISOString();

/** The site's HTTP platform row, locked; refused when the site plays on the embedded one. */
async function httpPlatformOf(tx: Queryable, siteId: string, verb: string) {
  await lockSite(tx, siteId);
  const row = await tx.one<{ url: string; secret: string; secret_old: string | null; rotated_at: Date | string | null }>(
    sql`SELECT url, secret, secret_old, rotated_at FROM site_platforms WHERE site_id = ${siteId} AND kind = 'http' FOR UPDATE`,
  );
  if (!row) throw new SiteAdminRefusal(`Site ${siteId} plays on the embedded platform: it has no platform secret to ${verb}.`);
  return row;
}

/**
 * Starts a rotation of the site's platform secret (`platform <site> --rotate`): `secret` becomes
 * the new one, which the back office signs its calls with from now on, and the one it replaces
 * stays accepted on the platform's calls until endRotation. One rotation at a time. Neither
 * secret goes into the record or any output.
 */
export async function startRotation(db: Database, siteId: string, secret: string, now: Date): Promise<{ url: string }> {
  return db.transaction(async (tx) => {
    const row = await httpPlatformOf(tx, siteId, 'rotate');
    if (row.secret_old !== null) {
      throw new SiteAdminRefusal(
        `A rotation of ${siteId}'s platform secret is under way since ${isoOf(row.rotated_at!)}: end it first with npm run site -- platform ${siteId} --rotate-end.`,
      );
    }
    const context = platformSecretContext(siteId);
    if (openSecret(row.secret, context) === secret)
      throw new SiteAdminRefusal('The new platform secret is the one the site holds: give another.');
    await tx.run(sql`UPDATE site_platforms SET secret_old = secret, secret = ${sealSecret(secret, context)}, rotated_at = ${now}, updated_at = ${now}
      WHERE site_id = ${siteId}`);
    await recordBySystem(
      tx,
      siteId,
      'rotate',
      { summary: `platform secret of ${siteId}: rotation started`, params: { site: siteId, url: row.url }, changes: [] },
      now,
    );
    return { url: row.url };
  });
}

/** Ends the rotation (`platform <site> --rotate-end`): the old secret is dropped, only the newest signs. */
export async function endRotation(db: Database, siteId: string, now: Date): Promise<{ since: string }> {
  return db.transaction(async (tx) => {
    const row = await httpPlatformOf(tx, siteId, 'rotate');
    if (row.secret_old === null) throw new SiteAdminRefusal(`No rotation of ${siteId}'s platform secret is under way: nothing changed.`);
    await tx.run(sql`UPDATE site_platforms SET secret_old = NULL, rotated_at = NULL, updated_at = ${now} WHERE site_id = ${siteId}`);
    await recordBySystem(
      tx,
      siteId,
      'rotate_end',
      { summary: `platform secret of ${siteId}: rotation ended, the old one dropped`, params: { site: siteId, url: row.url }, changes: [] },
      now,
    );
    return { since: isoOf(row.rotated_at!) };
  });
}

const pausedRefusal = (siteId: string) =>
  new SiteAdminRefusal(
    `The platform of ${siteId} is paused since a restore: nothing calls it until npm run site -- platform ${siteId} --resume.`,
  );

/** Queues everything the site's platform must know once more (`platform <site> --resync`), with its record. */
export async function resyncPlatform(db: Database, siteId: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await lockSite(tx, siteId);
    const platform = await tx.one<{ url: string | null; paused: boolean }>(
      sql`SELECT url, paused_at IS NOT NULL AS paused FROM site_platforms WHERE site_id = ${siteId}`,
    );
    if (platform?.paused) throw pausedRefusal(siteId);
    await queueFullPush(tx, siteId, now);
    await recordBySystem(
      tx,
      siteId,
      'resync',
      { summary: `platform of ${siteId} told everything again`, params: { site: siteId, url: platform?.url ?? 'embedded' }, changes: [] },
      now,
    );
  });
}

/**
 * Lets the site's HTTP platform be called again after a restore paused it (`platform <site>
 * --resume`): this copy is that platform's back office now. Answers the platform's URL, or null
 * when it was not paused (nothing changed, nothing recorded).
 */
export async function resumePlatform(db: Database, siteId: string, now: Date): Promise<string | null> {
  return db.transaction(async (tx) => {
    await lockSite(tx, siteId);
    const resumed = await tx.one<{ url: string; paused_at: Date | string }>(
      sql`SELECT url, paused_at FROM site_platforms WHERE site_id = ${siteId} AND paused_at IS NOT NULL`,
    );
    if (!resumed) return null;
    await tx.run(sql`UPDATE site_platforms SET paused_at = NULL WHERE site_id = ${siteId}`);
    await recordBySystem(
      tx,
      siteId,
      'resume',
      {
        summary: `platform of ${siteId} resumed`,
        params: { site: siteId, url: resumed.url },
        changes: [{ field: 'paused', before: new Date(resumed.paused_at).toISOString(), after: null }],
      },
      now,
    );
    return resumed.url;
  });
}

/**
 * Gives the site's company main account a new one-time pair (`reset-admin <site>`): a new random
 * password and the safe code 0000, its first sign-in forced to set its own again, every session
 * of it ended. Answers the pair to print once (only the hashes are stored).
 */
export async function resetAdmin(
  db: Database,
  siteId: string,
  now: Date,
): Promise<{ loginId: string; password: string; safeCode: string }> {
  const password = oneTimePassword();
  const [passwordHash, safeCodeHash] = await Promise.all([hashSecret(password), hashSecret(FIRST_SAFE_CODE)]);
  return db.transaction(async (tx) => {
    await lockSite(tx, siteId);
    const company = await tx.one<{ id: bigint; login_id: string }>(
      sql`SELECT id, login_id FROM accounts WHERE site_id = ${siteId} AND level = 0 AND kind = 'tree' ORDER BY id LIMIT 1 FOR UPDATE`,
    );
    if (!company) throw new SiteAdminRefusal(`Site "${siteId}" has no company account.`);
    await tx.run(sql`UPDATE accounts SET password_hash = ${passwordHash}, safe_code_hash = ${safeCodeHash},
      first_login = true, force_pwd_update = false WHERE id = ${company.id}`);
    await endSessionsOf(tx, sql`${company.id}`, now);
    await recordBySystem(
      tx,
      siteId,
      'reset_admin',
      {
        summary: `one-time password of ${company.login_id} set`,
        params: { site: siteId },
        changes: [
          { field: 'password', before: null, after: null },
          { field: 'safeCode', before: null, after: null },
        ],
        targetId: wireId(company.id),
      },
      now,
    );
    return { loginId: company.login_id, password, safeCode: FIRST_SAFE_CODE };
  });
}

import { sql, type SQL } from './db/sql';
import { prepared, type Queryable } from './db/database';

export interface Site {
  id: string;
  title: string;
  ui: 'black' | 'red';
  loginStyle: string;
  logo: string;
  maintenanceStart: Date | null;
  maintenanceEnd: Date | null;
  idleTimeoutSeconds: number;
  minScoreIntervalMs: number;
  captchaRequired: boolean;
  /** Agents (levels 1-4) may see the finance screens (system.finance.isvisit). */
  financeVisible: boolean;
  /** The monitoring countdown runs in the company's app (gw.credit.user.monitor.redpoint.count answers it). */
  warningSwitch: boolean;
  /** The visitor of this request is refused by the site's IP rules. */
  ipBlocked: boolean;
  /** Switched off by the operator (`npm run site -- disable`): in maintenance for everyone, its company too. */
  disabled: boolean;
}

export interface SiteRow {
  id: string;
  title: string;
  ui: 'black' | 'red';
  login_style: string;
  logo: string;
  maintenance_start: Date | string | null;
  maintenance_end: Date | string | null;
  idle_timeout_seconds: number;
  min_score_interval_ms: number;
  captcha_required: boolean;
  finance_visible: boolean;
  warning_switch: boolean;
  ip_blocked: boolean;
  disabled: boolean;
  has_allow_list: boolean;
  ip_allowed: boolean;
}

/** "Demo2.Localhost:8080" -> "demo2.localhost"; "[::1]:80" -> "::1". */
export function normaliseHost(raw: string | undefined): string {
  const host = (raw ?? '').trim().toLowerCase();
  if (host.startsWith('[')) return host.slice(1, host.indexOf(']') > 0 ? host.indexOf(']') : undefined);
  return host.replace(/:\d*$/, '').slice(0, 255);
}

const toDate = (value: Date | string | null) => (value === null ? null : new Date(value));

export interface SiteQueryInput {
  host: string;
  ip: string;
  country: string | null;
}

/**
 * The site answering a host (unknown hosts get the default site) together with the IP
 * decision for this visitor, in one indexed statement: it runs on every call (the dispatcher
 * runs it together with the session's, see site-session.store.ts).
 */
export function siteRowQuery(input: SiteQueryInput): SQL {
  const ip = input.ip || null;
  return sql`
    SELECT s.id, s.title, s.ui, s.login_style, s.logo, s.maintenance_start, s.maintenance_end,
           s.idle_timeout_seconds, s.min_score_interval_ms, s.captcha_required, s.finance_visible, s.warning_switch, s.disabled,
           EXISTS (SELECT 1 FROM site_ip_rules r WHERE r.site_id = s.id AND r.kind = 'block'
                     AND (r.network >>= ${ip}::inet OR r.country = ${input.country})) AS ip_blocked,
           -- The allow rules are the back-office whitelist: in force while its switch is on.
           s.ip_whitelist_on AND EXISTS (SELECT 1 FROM site_ip_rules r WHERE r.site_id = s.id AND r.kind = 'allow') AS has_allow_list,
           EXISTS (SELECT 1 FROM site_ip_rules r WHERE r.site_id = s.id AND r.kind = 'allow'
                     AND (r.network >>= ${ip}::inet OR r.country = ${input.country})) AS ip_allowed
      FROM sites s
     WHERE s.id = COALESCE((SELECT site_id FROM site_hosts WHERE host = ${input.host}),
                           (SELECT id FROM sites WHERE is_default))`;
}

export function siteFromRow(row: SiteRow): Site {
  return {
    id: row.id,
    title: row.title,
    ui: row.ui,
    loginStyle: row.login_style,
    logo: row.logo,
    maintenanceStart: toDate(row.maintenance_start),
    maintenanceEnd: toDate(row.maintenance_end),
    idleTimeoutSeconds: row.idle_timeout_seconds,
    minScoreIntervalMs: row.min_score_interval_ms,
    captchaRequired: row.captcha_required,
    financeVisible: row.finance_visible,
    warningSwitch: row.warning_switch,
    ipBlocked: row.ip_blocked || (row.has_allow_list && !row.ip_allowed),
    disabled: row.disabled,
  };
}

export async function resolveSite(db: Queryable, input: SiteQueryInput): Promise<Site | null> {
  const row = await db.one<SiteRow>(prepared(siteRowQuery(input)));
  return row ? siteFromRow(row) : null;
}

/**
 * Maintenance is on from its start (inclusive) to its end (exclusive); an open end means until
 * lifted. A disabled site is in maintenance until enabled again.
 */
export function inMaintenance(site: Site, now: Date): boolean {
  if (site.disabled) return true;
  if (!site.maintenanceStart) return false;
  const t = now.getTime();
  return t >= site.maintenanceStart.getTime() && (!site.maintenanceEnd || t < site.maintenanceEnd.getTime());
}

/**
 * The gateway's address as a site's own configured hosts name it, for documents that link back
 * (openrpc.json): the request's host when it is one of them, else the first; the port as sent
 * when it is one. Nothing else of the Host header gets in. A site with no host of its own (the
 * default site answering unknown hosts) gets a relative address.
 */
export async function siteGatewayUrl(
  db: Queryable,
  siteId: string,
  origin: { host: string; authority: string },
  protocol = 'http',
): Promise<string> {
  const rows = await db.rows<{ host: string }>(sql`SELECT host FROM site_hosts WHERE site_id = ${siteId} ORDER BY host`);
  const hosts = rows.map((row) => row.host);
  const host = hosts.includes(origin.host) ? origin.host : hosts[0];
  if (host === undefined) return '/api';
  const port = /:([0-9]{1,5})$/.exec(origin.authority)?.[1];
  const name = host.includes(':') ? `[${host}]` : host;
  return `${protocol === 'https' ? 'https' : 'http'}://${name}${port ? `:${port}` : ''}/api`;
}

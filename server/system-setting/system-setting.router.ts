import { createHash } from 'node:crypto';
import { isIP } from 'node:net';
import { sql, type SQL } from '../kernel/db/sql';
import { formatCents } from '../../contract/amount.contract';
import type { FieldChange } from '../../contract/audit.contract';
import { ErrorCode } from '../../contract/errors.contract';
import { LOGO_MAX_BYTES, systemSettingMethods, type SystemSettings } from '../../contract/system-setting.contract';
import type { Queryable } from '../kernel/db/database';
import { iso } from '../kernel/db/timestamps';
import type { CallContext } from '../kernel/call-context';
import { defineRouter } from '../kernel/handler';
import type { ParamsOut } from '../../contract/methods.contract';
import { raiseLiveEvent } from '../events/live-events.service';
import { RpcError } from '../kernel/rpc-error';
import { beijingText } from '../../contract/beijing-time.contract';
import { retentionKinds } from '../../contract/system-setting-limits.contract';
import { retentionDaysOf } from '../retention/retention-purge.service';

interface SettingsRow {
  maintenance_start: Date | string | null;
  maintenance_end: Date | string | null;
  ip_whitelist_on: boolean;
  whitelist: string[] | null;
  sub_account_limit: number;
  member_limit: number;
  min_score_interval_ms: number;
  idle_timeout_seconds: number;
  captcha_required: boolean;
  warning_switch: boolean;
  monitor_bet_cents: bigint;
  monitor_win_cents: bigint;
  monitor_score_cents: bigint;
  ui: 'black' | 'red';
  title: string;
  logo: string;
  finance_visible: boolean;
  retention_days: unknown;
  transfer_alert_minutes: number;
}

/** The address the uploaded logo is served at; its hash changes the address when the picture does. */
export const LOGO_ROUTE = '/site-logo';

async function readSettings(db: Queryable, siteId: string, lock = false): Promise<SettingsRow> {
  const row = await db.one<SettingsRow>(sql`
    SELECT s.maintenance_start, s.maintenance_end, s.ip_whitelist_on, s.sub_account_limit, s.member_limit, s.min_score_interval_ms,
           s.idle_timeout_seconds, s.captcha_required, s.warning_switch, s.monitor_bet_cents, s.monitor_win_cents,
           s.monitor_score_cents, s.ui, s.title, s.logo, s.finance_visible, s.retention_days,
           s.transfer_alert_minutes,
           ARRAY(SELECT r.network::text FROM site_ip_rules r
                  WHERE r.site_id = s.id AND r.kind = 'allow' AND r.network IS NOT NULL ORDER BY r.network) AS whitelist
      FROM sites s WHERE s.id = ${siteId} ${lock ? sql`FOR UPDATE` : sql``}`);
  if (!row) throw new RpcError(ErrorCode.unknownApplication);
  return row;
}

function settingsOf(row: SettingsRow, callerIp: string, captchaOff: boolean): SystemSettings {
  return {
    maintenance:
      row.maintenance_start && row.maintenance_end ? { startTime: iso(row.maintenance_start), endTime: iso(row.maintenance_end) } : null,
    ipWhitelistOn: row.ip_whitelist_on,
    ipWhitelist: row.whitelist ?? [],
    subAccountLimit: row.sub_account_limit === 5 ? 5 : 15,
    memberLimit: row.member_limit,
    minScoreIntervalMs: row.min_score_interval_ms,
    idleTimeoutSeconds: row.idle_timeout_seconds,
    captchaRequired: row.captcha_required,
    captchaOff,
    warningSwitch: row.warning_switch,
    monitorThresholds: {
      bet: formatCents(BigInt(row.monitor_bet_cents)),
      win: formatCents(BigInt(row.monitor_win_cents)),
      score: formatCents(BigInt(row.monitor_score_cents)),
    },
    ui: row.ui,
    title: row.title,
    logo: row.logo,
    financeVisible: row.finance_visible,
    retentionDays: retentionDaysOf(row.retention_days),
    transferAlertMinutes: row.transfer_alert_minutes,
    callerIp,
  };
}

/** "10.1.2.3" -> "10.1.2.3/32", "10.1.2.3/8" -> "10.0.0.0/8" (in SQL); anything else is refused with 100. */
async function networksOf(db: Queryable, entries: readonly string[]): Promise<string[]> {
  for (const entry of entries) {
    const [address = '', prefix] = entry.split('/');
    const family = isIP(address);
    const longest = family === 4 ? 32 : 128;
    if (family === 0 || (prefix !== undefined && !(/^\d{1,3}$/.test(prefix) && Number(prefix) <= longest))) {
      throw new RpcError(ErrorCode.invalidParams, { field: 'ipWhitelist', rule: 'ip-network' });
    }
  }
  if (entries.length === 0) return [];
  const rows = await db.rows<{ network: string }>(sql`
    SELECT DISTINCT network(entry::inet)::text AS network, network(entry::inet) AS sorted
      FROM jsonb_array_elements_text(${JSON.stringify(entries)}::jsonb) AS entry ORDER BY sorted`);
  return rows.map((row) => row.network);
}

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];

/** A data URL's picture, held to what it says it is: PNG or JPEG by its first bytes, not by its name. */
function logoOf(dataUrl: string): { bytes: Buffer; type: 'image/png' | 'image/jpeg' } {
  const type = dataUrl.startsWith('data:image/png') ? 'image/png' : 'image/jpeg';
  const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  const magic = type === 'image/png' ? PNG : JPEG;
  if (bytes.length > LOGO_MAX_BYTES) throw new RpcError(ErrorCode.invalidParams, { field: 'logoImage', rule: 'logo-too-large' });
  if (!magic.every((byte, i) => bytes[i] === byte)) throw new RpcError(ErrorCode.invalidParams, { field: 'logoImage', rule: 'logo-type' });
  return { bytes, type };
}

/** Whether the caller's address (or country) is let in by a whitelist of these networks. */
async function whitelistKeeps(ctx: CallContext, networks: readonly string[]): Promise<boolean> {
  if (!ctx.ip || isIP(ctx.ip) === 0) return false;
  const row = await ctx.db.one<{ kept: boolean }>(sql`
    SELECT EXISTS (SELECT 1 FROM jsonb_array_elements_text(${JSON.stringify(networks)}::jsonb) AS n WHERE ${ctx.ip}::inet <<= n::cidr)
        OR EXISTS (SELECT 1 FROM site_ip_rules r WHERE r.site_id = ${ctx.site.id} AND r.kind = 'allow' AND r.country = ${ctx.country})
        AS kept`);
  return row?.kept === true;
}

type SettingsEdit = ParamsOut<'gw.credit.sys.setting'>;

/** The fields an edit changes (for the operation record) and the column assignments that write them. */
function changeList() {
  const changes: FieldChange[] = [];
  const sets: SQL[] = [];
  const change = (field: string, was: FieldChange['before'], now: FieldChange['after'], set: SQL) => {
    if (was === now) return;
    changes.push({ field, before: was, after: now });
    sets.push(set);
  };
  return { changes, sets, change };
}

type ChangeList = ReturnType<typeof changeList>;

/** A maintenance window ends after it starts, and not in the past; null ends it. */
function changeMaintenance(ctx: CallContext, window: SettingsEdit['maintenance'], before: SettingsRow, { change }: ChangeList) {
  if (window) {
    const [start, end] = [new Date(window.startTime), new Date(window.endTime)];
    if (start.getTime() >= end.getTime())
      throw new RpcError(ErrorCode.illegalTime, { field: 'maintenance.endTime', rule: 'start-after-end' });
    if (end.getTime() <= ctx.now.getTime())
      throw new RpcError(ErrorCode.illegalTime, { field: 'maintenance.endTime', rule: 'in-the-past' });
  }
  const was = (value: Date | string | null) => beijingText(value === null ? null : new Date(value));
  const start = window ? new Date(window.startTime) : null;
  const end = window ? new Date(window.endTime) : null;
  change('maintenanceStart', was(before.maintenance_start), beijingText(start), sql`maintenance_start = ${start}`);
  change('maintenanceEnd', was(before.maintenance_end), beijingText(end), sql`maintenance_end = ${end}`);
}

/** The whitelist's switch and networks; answers the networks before and after. */
async function changeWhitelist(ctx: CallContext, params: SettingsEdit, before: SettingsRow, list: ChangeList) {
  const whitelistOn = params.ipWhitelistOn ?? before.ip_whitelist_on;
  const beforeList = before.whitelist ?? [];
  const whitelist = params.ipWhitelist === undefined ? beforeList : await networksOf(ctx.db, params.ipWhitelist);
  if (whitelistOn && (params.ipWhitelistOn !== undefined || params.ipWhitelist !== undefined)) {
    if (whitelist.length === 0) throw new RpcError(ErrorCode.emptyIpWhitelist);
    // Whoever switches the whitelist on or edits it must stay able to come back.
    if (!(await whitelistKeeps(ctx, whitelist))) {
      throw new RpcError(ErrorCode.illegalOperation, { field: 'ipWhitelist', rule: 'locks-out-caller' });
    }
  }
  list.change('ipWhitelistOn', before.ip_whitelist_on, whitelistOn, sql`ip_whitelist_on = ${whitelistOn}`);
  if (whitelist.join(', ') !== beforeList.join(', '))
    list.changes.push({ field: 'ipWhitelist', before: beforeList.join(', '), after: whitelist.join(', ') });
  return { whitelist, beforeList };
}

/** The settings written as given: limits, switches, monitor thresholds, theme and title. */
function changePlainSettings(params: SettingsEdit, before: SettingsRow, { change }: ChangeList) {
  if (params.subAccountLimit !== undefined)
    change('subAccountLimit', before.sub_account_limit, params.subAccountLimit, sql`sub_account_limit = ${params.subAccountLimit}`);
  if (params.memberLimit !== undefined)
    change('memberLimit', before.member_limit, params.memberLimit, sql`member_limit = ${params.memberLimit}`);
  if (params.minScoreIntervalMs !== undefined)
    change(
      'minScoreIntervalMs',
      before.min_score_interval_ms,
      params.minScoreIntervalMs,
      sql`min_score_interval_ms = ${params.minScoreIntervalMs}`,
    );
  if (params.idleTimeoutSeconds !== undefined)
    change(
      'idleTimeoutSeconds',
      before.idle_timeout_seconds,
      params.idleTimeoutSeconds,
      sql`idle_timeout_seconds = ${params.idleTimeoutSeconds}`,
    );
  if (params.captchaRequired !== undefined)
    change('captchaRequired', before.captcha_required, params.captchaRequired, sql`captcha_required = ${params.captchaRequired}`);
  if (params.warningSwitch !== undefined)
    change('warningSwitch', before.warning_switch, params.warningSwitch, sql`warning_switch = ${params.warningSwitch}`);
  if (params.financeVisible !== undefined)
    change('financeVisible', before.finance_visible, params.financeVisible, sql`finance_visible = ${params.financeVisible}`);
  const thresholds = params.monitorThresholds ?? {};
  if (thresholds.bet !== undefined)
    change('monitorBet', String(before.monitor_bet_cents), String(thresholds.bet), sql`monitor_bet_cents = ${thresholds.bet}`);
  if (thresholds.win !== undefined)
    change('monitorWin', String(before.monitor_win_cents), String(thresholds.win), sql`monitor_win_cents = ${thresholds.win}`);
  if (thresholds.score !== undefined)
    change('monitorScore', String(before.monitor_score_cents), String(thresholds.score), sql`monitor_score_cents = ${thresholds.score}`);
  if (params.ui !== undefined) change('ui', before.ui, params.ui, sql`ui = ${params.ui}`);
  if (params.title !== undefined) change('title', before.title, params.title, sql`title = ${params.title}`);
  if (params.transferAlertMinutes !== undefined)
    change(
      'transferAlertMinutes',
      before.transfer_alert_minutes,
      params.transferAlertMinutes,
      sql`transfer_alert_minutes = ${params.transferAlertMinutes}`,
    );
}

/** Days kept per kind of record: each change recorded as retention.<kind>, the whole set written back. */
function changeRetention(days: NonNullable<SettingsEdit['retentionDays']>, before: SettingsRow, list: ChangeList) {
  const was = retentionDaysOf(before.retention_days);
  const now = { ...was };
  for (const kind of retentionKinds) {
    const value = days[kind];
    if (value === undefined || value === was[kind]) continue;
    now[kind] = value;
    list.changes.push({ field: `retention${kind[0]!.toUpperCase()}${kind.slice(1)}`, before: was[kind], after: value });
  }
  if (retentionKinds.some((kind) => now[kind] !== was[kind])) list.sets.push(sql`retention_days = ${JSON.stringify(now)}::jsonb`);
}

/** The logo: a picture checked and stored with an address of its hash; '' removes it. */
function changeLogo(logoImage: string, before: SettingsRow, { change }: ChangeList) {
  const logo = logoImage === '' ? null : logoOf(logoImage);
  const address = logo ? `${LOGO_ROUTE}/${createHash('sha256').update(logo.bytes).digest('hex').slice(0, 16)}` : '';
  change('logo', before.logo, address, sql`logo = ${address}, logo_image = ${logo?.bytes ?? null}, logo_type = ${logo?.type ?? null}`);
}

/** The site's whitelist rules replaced by these networks (its country rules kept). */
async function writeWhitelist(ctx: CallContext, whitelist: readonly string[]) {
  await ctx.db.run(sql`DELETE FROM site_ip_rules WHERE site_id = ${ctx.site.id} AND kind = 'allow' AND network IS NOT NULL`);
  await ctx.db.run(sql`INSERT INTO site_ip_rules (site_id, kind, network, note)
    SELECT ${ctx.site.id}, 'allow', n::cidr, 'whitelist' FROM jsonb_array_elements_text(${JSON.stringify(whitelist)}::jsonb) AS n`);
}

async function saveSystemSettings(ctx: CallContext, params: SettingsEdit) {
  const before = await readSettings(ctx.db, ctx.site.id, true);
  const list = changeList();
  if (params.maintenance !== undefined) changeMaintenance(ctx, params.maintenance, before, list);
  const { whitelist, beforeList } = await changeWhitelist(ctx, params, before, list);
  changePlainSettings(params, before, list);
  if (params.logoImage !== undefined) changeLogo(params.logoImage, before, list);
  if (params.retentionDays !== undefined) changeRetention(params.retentionDays, before, list);
  const { changes, sets } = list;

  if (sets.length > 0) await ctx.db.run(sql`UPDATE sites SET ${sql.join(sets, sql`, `)} WHERE id = ${ctx.site.id}`);
  if (params.ipWhitelist !== undefined && whitelist.join(', ') !== beforeList.join(', ')) await writeWhitelist(ctx, whitelist);
  // Every session of the site reads its title, theme, settings and maintenance again when this commits.
  if (changes.length > 0) await raiseLiveEvent(ctx.db, ctx.site.id, { kind: 'site' });
  // The switch runs the monitoring refresh; the transfer alert decides the platform's red dot.
  if (changes.some((c) => c.field === 'warningSwitch' || c.field === 'transferAlertMinutes'))
    await raiseLiveEvent(ctx.db, ctx.site.id, { kind: 'monitoring' });
  ctx.audit.summary = `SYS_SETTING ${changes.map((c) => c.field).join(',')}`.slice(0, 200);
  ctx.audit.changes = changes;
  return settingsOf(await readSettings(ctx.db, ctx.site.id), ctx.ip, !ctx.settings.captcha);
}

export const systemSettingRouter = defineRouter(systemSettingMethods, {
  'gw.credit.sys.setting.get': async (ctx) => settingsOf(await readSettings(ctx.db, ctx.site.id), ctx.ip, !ctx.settings.captcha),
  'gw.credit.sys.setting': saveSystemSettings,
  'system.finance.isvisit': async (ctx) => ({ isVisit: ctx.session!.level === 0 || ctx.site.financeVisible }),
});

/** The logo of the site answering a host, for the /site-logo route. */
export async function siteLogo(db: Queryable, siteId: string): Promise<{ bytes: Buffer; type: string } | null> {
  const row = await db.one<{ logo_image: Buffer | Uint8Array | null; logo_type: string | null }>(
    sql`SELECT logo_image, logo_type FROM sites WHERE id = ${siteId}`,
  );
  if (!row?.logo_image || !row.logo_type) return null;
  return { bytes: Buffer.from(row.logo_image), type: row.logo_type };
}

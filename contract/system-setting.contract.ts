import { z } from 'zod';
import { amountSchema } from './amount.contract';
import { isoTimeSchema, timeParamSchema } from './common.contract';
import { ErrorCode } from './errors.contract';
import { defineMethod } from './method.contract';
import { pointsSchema } from './points.contract';
import {
  IDLE_TIMEOUT_MAX_SECONDS,
  IDLE_TIMEOUT_MIN_SECONDS,
  IP_WHITELIST_MAX,
  LOGO_MAX_BYTES,
  MEMBER_LIMIT_MAX,
  RETENTION_DAYS,
  retentionKinds,
  SCORE_INTERVAL_MAX_MS,
  SITE_TITLE_MAX,
  TRANSFER_ALERT_MINUTES,
} from './system-setting-limits.contract';

export * from './system-setting-limits.contract';

export const siteThemes = ['black', 'red'] as const;

// An IPv4 or IPv6 address, with or without a prefix length; the server normalises it to its network.
const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}(\/(3[0-2]|[12]?\d))?$/;
const IPV6 = /^[0-9a-f:.]*:[0-9a-f:.]*(\/(12[0-8]|1[01]\d|[1-9]?\d))?$/i;
export const ipNetworkRule = z
  .string()
  .trim()
  .max(64)
  .refine((text) => IPV4.test(text) || IPV6.test(text), 'ip-network');

/** A logo as the settings screen sends it: a data URL of a PNG or JPEG (its bytes are checked too). */
export const logoImageRule = z
  .string()
  .max(Math.ceil((LOGO_MAX_BYTES * 4) / 3) + 64, 'logo-too-large')
  .regex(/^data:image\/(png|jpeg);base64,[A-Za-z0-9+/]+=*$/, 'logo-type');

const thresholdsSchema = z.object({
  /** A single bet of a watched account at or above this raises an event; "0.00" = off. */
  bet: pointsSchema,
  /** A settled win of a watched account at or above this. */
  win: pointsSchema,
  /** A score movement of or to a watched account at or above this. */
  score: pointsSchema,
});

const retentionDaysSchema = z.object(
  Object.fromEntries(retentionKinds.map((kind) => [kind, z.number().int()])) as Record<(typeof retentionKinds)[number], z.ZodNumber>,
);

/** One kind's days as a change sets them: whole days within the kind's range (rule retention-days). */
const retentionChangeSchema = z
  .object(
    Object.fromEntries(
      retentionKinds.map((kind) => [
        kind,
        z.number().int('retention-days').min(RETENTION_DAYS[kind].min, 'retention-days').max(RETENTION_DAYS[kind].max, 'retention-days'),
      ]),
    ) as Record<(typeof retentionKinds)[number], z.ZodNumber>,
  )
  .partial();

/** The site's settings as level 0 reads them (docs/product.md#system-settings). */
export const systemSettingsSchema = z.object({
  /** The window in UTC (screens show Beijing time); null when none is set. */
  maintenance: z.object({ startTime: isoTimeSchema, endTime: isoTimeSchema }).nullable(),
  ipWhitelistOn: z.boolean(),
  /** Networks in CIDR form, sorted. */
  ipWhitelist: z.array(z.string()),
  subAccountLimit: z.union([z.literal(5), z.literal(15)]),
  /** The most members one agent may hold (20046 past it); 0 = no limit. */
  memberLimit: z.number().int(),
  minScoreIntervalMs: z.number().int(),
  idleTimeoutSeconds: z.number().int(),
  captchaRequired: z.boolean(),
  /** This gateway process runs with CAPTCHA=off: its sign-in asks for no captcha, whatever captchaRequired says. */
  captchaOff: z.boolean(),
  warningSwitch: z.boolean(),
  monitorThresholds: thresholdsSchema,
  ui: z.enum(siteThemes),
  title: z.string(),
  /** The logo's address on this gateway, '' when none. */
  logo: z.string(),
  /** Whether agents (levels 1-4) may see the finance screens: score log, transfers, exposure, deal record. */
  financeVisible: z.boolean(),
  /** Days the purge keeps each kind of record (RETENTION_DAYS). */
  retentionDays: retentionDaysSchema,
  /** Minutes a transfer with the platform may stay unsettled before it is overdue (TRANSFER_ALERT_MINUTES). */
  transferAlertMinutes: z.number().int(),
  /** The caller's own address as the gateway sees it: the whitelist must keep it. */
  callerIp: z.string(),
});
export type SystemSettings = z.infer<typeof systemSettingsSchema>;

const amountThreshold = amountSchema.refine((cents) => cents >= 0, { message: 'amount-not-negative' });

/** What one `gw.credit.sys.setting` call may change; absent fields stay as they are. */
export const systemSettingChangesSchema = z.object({
  /** null lifts the window (the company's way to end maintenance early). */
  maintenance: z.object({ startTime: timeParamSchema, endTime: timeParamSchema }).nullable().optional(),
  ipWhitelistOn: z.boolean().optional(),
  ipWhitelist: z.array(ipNetworkRule).max(IP_WHITELIST_MAX).optional(),
  subAccountLimit: z.union([z.literal(5), z.literal(15)]).optional(),
  memberLimit: z.number().int().min(0).max(MEMBER_LIMIT_MAX).optional(),
  minScoreIntervalMs: z.number().int().min(0).max(SCORE_INTERVAL_MAX_MS).optional(),
  idleTimeoutSeconds: z.number().int().min(IDLE_TIMEOUT_MIN_SECONDS).max(IDLE_TIMEOUT_MAX_SECONDS).optional(),
  captchaRequired: z.boolean().optional(),
  warningSwitch: z.boolean().optional(),
  monitorThresholds: z.object({ bet: amountThreshold, win: amountThreshold, score: amountThreshold }).partial().optional(),
  ui: z.enum(siteThemes).optional(),
  title: z.string().trim().max(SITE_TITLE_MAX, 'title-length').optional(),
  /** A new logo as a data URL, or '' to remove it. */
  logoImage: z.union([z.literal(''), logoImageRule]).optional(),
  financeVisible: z.boolean().optional(),
  retentionDays: retentionChangeSchema.optional(),
  transferAlertMinutes: z
    .number()
    .int('transfer-alert')
    .min(TRANSFER_ALERT_MINUTES.min, 'transfer-alert')
    .max(TRANSFER_ALERT_MINUTES.max, 'transfer-alert')
    .optional(),
});
export type SystemSettingChanges = z.input<typeof systemSettingChangesSchema>;

const company = { levels: [0], mainOnly: true } as const;

export const systemSettingMethods = {
  'gw.credit.sys.setting.get': defineMethod({
    summary: "The site's system settings (company main accounts only)",
    params: z.object({}),
    result: systemSettingsSchema,
    auth: 'session',
    effect: 'read',
    rights: company,
    errors: [],
  }),
  'gw.credit.sys.setting': defineMethod({
    summary:
      'Changes some of the system settings, confirmed by the safe code; each change is recorded before -> after and applies at once on every gateway process',
    params: z.object({ safeCode: z.string().min(1).max(16), ...systemSettingChangesSchema.shape }),
    result: systemSettingsSchema,
    auth: 'session',
    effect: 'write',
    rights: company,
    stepUp: { param: 'safeCode', secret: 'safeCode' },
    // 37160: a window that ends before it starts or is already over; 37161: the whitelist switched
    // on empty; 20011: a whitelist that would shut out the caller's own address.
    errors: [ErrorCode.illegalTime, ErrorCode.emptyIpWhitelist, ErrorCode.illegalOperation],
  }),
  'system.finance.isvisit': defineMethod({
    summary: "Whether the caller may see the finance screens (the company always; agents while the site's setting allows)",
    params: z.object({}),
    result: z.object({ isVisit: z.boolean() }),
    auth: 'session',
    effect: 'read',
    errors: [],
  }),
};

import { z } from 'zod';
import { parseCents } from '@contract/amount.contract';
import {
  IDLE_TIMEOUT_MAX_SECONDS,
  IDLE_TIMEOUT_MIN_SECONDS,
  ipNetworkRule,
  MEMBER_LIMIT_MAX,
  RETENTION_DAYS,
  retentionKinds,
  SCORE_INTERVAL_MAX_MS,
  type RetentionKind,
  SITE_TITLE_MAX,
  TRANSFER_ALERT_MINUTES,
  type SystemSettingChanges,
  type SystemSettings,
} from '@contract/system-setting.contract';
import { beijingInputInstant, beijingInputValue, isDateTime } from '@/lib/time';

/** The settings as the screen's form holds them: Beijing wall times, minutes, seconds, one network per line. */
export interface SettingValues {
  maintenance: { startTime: string; endTime: string };
  ipWhitelistOn: boolean;
  ipWhitelist: string;
  subAccountLimit: '5' | '15';
  memberLimit: string;
  minScoreIntervalSeconds: string;
  idleTimeoutMinutes: string;
  captchaRequired: boolean;
  warningSwitch: boolean;
  financeVisible: boolean;
  monitorThresholds: { bet: string; win: string; score: string };
  /** Whole minutes a transfer with the platform may stay unsettled. */
  transferAlertMinutes: string;
  ui: 'black' | 'red';
  title: string;
  /** null: the logo stays; '': removed; a data URL: the new picture. */
  logoImage: string | null;
  /** Whole days per kind of record. */
  retentionDays: Record<RetentionKind, string>;
}

const lines = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((line) => line.trim())
    .filter(Boolean);

export function valuesOf(settings: SystemSettings): SettingValues {
  return {
    maintenance: settings.maintenance
      ? { startTime: beijingInputValue(settings.maintenance.startTime), endTime: beijingInputValue(settings.maintenance.endTime) }
      : { startTime: '', endTime: '' },
    ipWhitelistOn: settings.ipWhitelistOn,
    ipWhitelist: settings.ipWhitelist.join('\n'),
    subAccountLimit: settings.subAccountLimit === 5 ? '5' : '15',
    memberLimit: String(settings.memberLimit),
    minScoreIntervalSeconds: String(Math.round(settings.minScoreIntervalMs / 1000)),
    idleTimeoutMinutes: String(Math.round(settings.idleTimeoutSeconds / 60)),
    captchaRequired: settings.captchaRequired,
    warningSwitch: settings.warningSwitch,
    financeVisible: settings.financeVisible,
    monitorThresholds: { ...settings.monitorThresholds },
    transferAlertMinutes: String(settings.transferAlertMinutes),
    ui: settings.ui,
    title: settings.title,
    logoImage: null,
    retentionDays: Object.fromEntries(retentionKinds.map((kind) => [kind, String(settings.retentionDays[kind])])) as Record<
      RetentionKind,
      string
    >,
  };
}

const wholeNumber = (rule: string, min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,7}$/, rule)
    .refine((text) => Number(text) >= min && Number(text) <= max, rule);
const threshold = z
  .string()
  .trim()
  .refine((text) => (parseCents(text) ?? -1) >= 0, 'amount-format');

/** The form's own checks, with the contract's rules and the names its refusals use. */
export const settingValuesSchema = z
  .object({
    maintenance: z.object({ startTime: z.string(), endTime: z.string() }),
    ipWhitelistOn: z.boolean(),
    ipWhitelist: z.string().refine((text) => lines(text).every((line) => ipNetworkRule.safeParse(line).success), 'ip-network'),
    subAccountLimit: z.enum(['5', '15']),
    memberLimit: wholeNumber('member-limit', 0, MEMBER_LIMIT_MAX),
    minScoreIntervalSeconds: wholeNumber('score-interval', 0, SCORE_INTERVAL_MAX_MS / 1000),
    idleTimeoutMinutes: wholeNumber('idle-timeout', IDLE_TIMEOUT_MIN_SECONDS / 60, IDLE_TIMEOUT_MAX_SECONDS / 60),
    captchaRequired: z.boolean(),
    warningSwitch: z.boolean(),
    financeVisible: z.boolean(),
    monitorThresholds: z.object({ bet: threshold, win: threshold, score: threshold }),
    transferAlertMinutes: wholeNumber('transfer-alert', TRANSFER_ALERT_MINUTES.min, TRANSFER_ALERT_MINUTES.max),
    ui: z.enum(['black', 'red']),
    title: z.string().trim().max(SITE_TITLE_MAX, 'title-length'),
    logoImage: z.string().nullable(),
    retentionDays: z.object(
      Object.fromEntries(
        retentionKinds.map((kind) => [kind, wholeNumber('retention-days', RETENTION_DAYS[kind].min, RETENTION_DAYS[kind].max)]),
      ) as Record<RetentionKind, ReturnType<typeof wholeNumber>>,
    ),
  })
  .superRefine((values, ctx) => {
    const { startTime, endTime } = values.maintenance;
    if (startTime || endTime) {
      if (!isDateTime(startTime)) ctx.addIssue({ code: 'custom', path: ['maintenance', 'startTime'], message: 'date-time' });
      if (!isDateTime(endTime)) ctx.addIssue({ code: 'custom', path: ['maintenance', 'endTime'], message: 'date-time' });
      else if (isDateTime(startTime) && beijingInputInstant(startTime)! >= beijingInputInstant(endTime)!)
        ctx.addIssue({ code: 'custom', path: ['maintenance', 'endTime'], message: 'start-after-end' });
    }
    if (values.ipWhitelistOn && lines(values.ipWhitelist).length === 0)
      ctx.addIssue({ code: 'custom', path: ['ipWhitelist'], message: 'whitelist-empty' });
  });

/** What differs from the settings read: the params of one `gw.credit.sys.setting` call (without the safe code). */
export function changesOf(settings: SystemSettings, values: SettingValues): SystemSettingChanges {
  const before = valuesOf(settings);
  const changes: SystemSettingChanges = {};
  const { startTime, endTime } = values.maintenance;
  if (startTime !== before.maintenance.startTime || endTime !== before.maintenance.endTime) {
    changes.maintenance =
      startTime && endTime ? { startTime: beijingInputInstant(startTime)!, endTime: beijingInputInstant(endTime)! } : null;
  }
  if (values.ipWhitelistOn !== before.ipWhitelistOn) changes.ipWhitelistOn = values.ipWhitelistOn;
  if (lines(values.ipWhitelist).join('\n') !== before.ipWhitelist) changes.ipWhitelist = lines(values.ipWhitelist);
  if (values.subAccountLimit !== before.subAccountLimit) changes.subAccountLimit = values.subAccountLimit === '5' ? 5 : 15;
  if (values.memberLimit.trim() !== before.memberLimit) changes.memberLimit = Number(values.memberLimit);
  if (values.minScoreIntervalSeconds.trim() !== before.minScoreIntervalSeconds)
    changes.minScoreIntervalMs = Number(values.minScoreIntervalSeconds) * 1000;
  if (values.idleTimeoutMinutes.trim() !== before.idleTimeoutMinutes) changes.idleTimeoutSeconds = Number(values.idleTimeoutMinutes) * 60;
  for (const flag of ['captchaRequired', 'warningSwitch', 'financeVisible'] as const) {
    if (values[flag] !== before[flag]) changes[flag] = values[flag];
  }
  const thresholds: NonNullable<SystemSettingChanges['monitorThresholds']> = {};
  for (const kind of ['bet', 'win', 'score'] as const) {
    if (parseCents(values.monitorThresholds[kind]) !== parseCents(before.monitorThresholds[kind]))
      thresholds[kind] = values.monitorThresholds[kind].trim();
  }
  if (Object.keys(thresholds).length > 0) changes.monitorThresholds = thresholds;
  if (values.transferAlertMinutes.trim() !== before.transferAlertMinutes)
    changes.transferAlertMinutes = Number(values.transferAlertMinutes);
  if (values.ui !== before.ui) changes.ui = values.ui;
  if (values.title.trim() !== before.title) changes.title = values.title.trim();
  if (values.logoImage !== null) changes.logoImage = values.logoImage;
  const retentionDays: NonNullable<SystemSettingChanges['retentionDays']> = {};
  for (const kind of retentionKinds) {
    if (values.retentionDays[kind].trim() !== before.retentionDays[kind]) retentionDays[kind] = Number(values.retentionDays[kind]);
  }
  if (Object.keys(retentionDays).length > 0) changes.retentionDays = retentionDays;
  return changes;
}

/** The names of the changed settings, in the screen's order, as `systemSetting.field.*` keys end. */
export const changedFields = (changes: SystemSettingChanges): string[] =>
  Object.entries(changes).flatMap(([key, value]) =>
    key === 'monitorThresholds' && value
      ? Object.keys(value).map((kind) => `monitor.${kind}`)
      : key === 'retentionDays' && value
        ? Object.keys(value).map((kind) => `retention.${kind}`)
        : [key],
  );

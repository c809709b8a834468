import type { TFunction } from 'i18next';
import { changeKindOf, type FieldChange } from '@contract/audit.contract';
import { basisPointsToPercent, formatCents } from '@contract/amount.contract';
import { accountStatusName } from '@/components/account-status-badge';

type Value = FieldChange['before'];

/** The fields with a name of their own in `audit.field.*`, and how those the contract shows as they are read (changeKindOf). */
const namedFields: Record<string, 'text' | 'flag' | 'raw'> = {
  status: 'raw',
  teamStatus: 'raw',
  balance: 'raw',
  pointLimit: 'raw',
  maxWin: 'raw',
  nickname: 'text',
  name: 'text',
  phone: 'text',
  tel: 'text',
  wechat: 'text',
  loginId: 'text',
  password: 'raw',
  safeCode: 'raw',
  agentCommisionRate: 'raw',
  validAmountRate: 'raw',
  betPaused: 'flag',
  exceptionMarked: 'flag',
  betStopped: 'flag',
  winBlocked: 'flag',
  accessCode: 'raw',
  noticeStatus: 'text',
  suggestionStatus: 'text',
  maintenanceStart: 'text',
  maintenanceEnd: 'text',
  ipWhitelistOn: 'flag',
  ipWhitelist: 'text',
  subAccountLimit: 'raw',
  memberLimit: 'raw',
  minScoreIntervalMs: 'raw',
  idleTimeoutSeconds: 'raw',
  captchaRequired: 'flag',
  warningSwitch: 'flag',
  financeVisible: 'flag',
  monitorBet: 'raw',
  monitorWin: 'raw',
  monitorScore: 'raw',
  ui: 'text',
  title: 'text',
  logo: 'text',
  monitored: 'flag',
  retentionRequestKeys: 'raw',
  retentionSessions: 'raw',
  retentionLoginLog: 'raw',
  retentionOperationLog: 'raw',
  retentionJobs: 'raw',
  retentionMonitorEvents: 'raw',
  transferAlertMinutes: 'raw',
};

/** The fields with a name of their own in `audit.field.*` (any other is shown as the gateway names it). */
export const knownFields = Object.keys(namedFields);

/** The key of a write method's name in `audit.action.*`: its wire name with underscores for dots. */
export const actionKey = (method: string) => `audit.action.${method.replaceAll('.', '_')}`;

export function actionName(t: TFunction, method: string): string {
  return t(actionKey(method), { defaultValue: method });
}

/** Switches named by what they switch: `games.<gameCode>` (open or closed) and `devices.<device>` (on or off). */
const switchOf = (field: string) => {
  const [group, name, extra] = field.split('.');
  return (group === 'games' || group === 'devices') && name && extra === undefined ? { group, name } : null;
};

export function fieldName(t: TFunction, field: string): string {
  const switched = switchOf(field);
  if (switched)
    return t(switched.group === 'games' ? `games.name.${switched.name}` : `device.${switched.name}`, { defaultValue: switched.name });
  return Object.hasOwn(namedFields, field) ? t(`audit.field.${field}`) : field;
}

type AmountFormat = (decimal: string) => string;

const raw = (value: Value) => (value === null ? '—' : String(value));

/** One stored value as the interface language shows it: amounts with two decimals, statuses and flags by name. */
export function valueText(t: TFunction, amount: AmountFormat, field: string, value: Value): string {
  if (value === null) return '—';
  switch (changeKindOf(field)) {
    case 'status':
      return typeof value === 'number' ? accountStatusName(value, t) : raw(value);
    case 'amount':
      return /^-?\d+$/.test(String(value)) ? amount(formatCents(BigInt(value))) : raw(value);
    case 'rate':
      return typeof value === 'number' ? `${basisPointsToPercent(value)}%` : raw(value);
    default:
      break;
  }
  const switched = switchOf(field);
  if (switched && typeof value === 'boolean') {
    if (switched.group === 'games') return t(value ? 'games.state.open' : 'games.state.closed');
    return t(value ? 'audit.yes' : 'audit.no');
  }
  const wording = Object.hasOwn(namedFields, field) ? namedFields[field] : 'raw';
  if (wording === 'flag') return typeof value === 'boolean' ? t(value ? 'audit.yes' : 'audit.no') : raw(value);
  if (wording === 'text') return value === '' ? '—' : String(value);
  return raw(value);
}

/** One change as "field: before → after"; a secret only says it was reset. */
export function changeText(t: TFunction, amount: AmountFormat, change: FieldChange): string {
  const name = fieldName(t, change.field);
  if (changeKindOf(change.field) === 'secret') return `${name}: ${t('audit.secretReset')}`;
  return `${name}: ${valueText(t, amount, change.field, change.before)} → ${valueText(t, amount, change.field, change.after)}`;
}

export function changesText(t: TFunction, amount: AmountFormat, changes: readonly FieldChange[]): string {
  return changes.map((change) => changeText(t, amount, change)).join('; ');
}

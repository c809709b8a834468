import type { TFunction } from 'i18next';
import type { FieldChange } from '../../../contract/audit.contract';
import { formatCents } from '../../../contract/amount.contract';
import { accountStatusName } from '@/components/account-status-badge';

type Value = FieldChange['before'];

/** How the gateway stores each field of an operation's changes, so the screen can word it. */
const fieldKinds: Record<string, 'status' | 'cents' | 'text' | 'secret' | 'percent' | 'flag' | 'raw'> = {
  status: 'status',
  teamStatus: 'status',
  balance: 'cents',
  pointLimit: 'cents',
  maxWin: 'cents',
  nickname: 'text',
  name: 'text',
  phone: 'text',
  tel: 'text',
  wechat: 'text',
  loginId: 'text',
  password: 'secret',
  safeCode: 'secret',
  agentCommisionRate: 'percent',
  validAmountRate: 'percent',
  betPaused: 'flag',
  exceptionMarked: 'flag',
  betStopped: 'flag',
  winBlocked: 'flag',
  accessCode: 'raw',
};

/** The fields with a name of their own in `audit.field.*` (any other is shown as the gateway names it). */
export const knownFields = Object.keys(fieldKinds);

/** The key of a write method's name in `audit.action.*`: its wire name with underscores for dots. */
export const actionKey = (method: string) => `audit.action.${method.replaceAll('.', '_')}`;

export function actionName(t: TFunction, method: string): string {
  return t(actionKey(method), { defaultValue: method });
}

export function fieldName(t: TFunction, field: string): string {
  return field in fieldKinds ? t(`audit.field.${field}`) : field;
}

type AmountFormat = (decimal: string) => string;

const raw = (value: Value) => (value === null ? '—' : String(value));

/** One stored value as the interface language shows it: amounts with two decimals, statuses and flags by name. */
export function valueText(t: TFunction, amount: AmountFormat, field: string, value: Value): string {
  const kind = fieldKinds[field] ?? 'raw';
  if (value === null) return '—';
  switch (kind) {
    case 'status':
      return typeof value === 'number' ? accountStatusName(value, t) : raw(value);
    case 'cents':
      return /^-?\d+$/.test(String(value)) ? amount(formatCents(BigInt(value))) : raw(value);
    case 'percent':
      return `${value}%`;
    case 'flag':
      return typeof value === 'boolean' ? t(value ? 'audit.yes' : 'audit.no') : raw(value);
    case 'text':
      return value === '' ? '—' : String(value);
    default:
      return raw(value);
  }
}

/** One change as "field: before → after"; a secret only says it was reset. */
export function changeText(t: TFunction, amount: AmountFormat, change: FieldChange): string {
  const name = fieldName(t, change.field);
  if (fieldKinds[change.field] === 'secret') return `${name}: ${t('audit.secretReset')}`;
  return `${name}: ${valueText(t, amount, change.field, change.before)} → ${valueText(t, amount, change.field, change.after)}`;
}

export function changesText(t: TFunction, amount: AmountFormat, changes: readonly FieldChange[]): string {
  return changes.map((change) => changeText(t, amount, change)).join('; ');
}

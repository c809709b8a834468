import type { TFunction } from 'i18next';
import { COMMENT_MAX } from '@contract/points.contract';
import { MAX_BATCH_MEMBERS } from '@contract/job.contract';
import { LOGO_MAX_BYTES, TRANSFER_ALERT_MINUTES } from '@contract/system-setting-limits.contract';

/** A message of the catalogue and the values it is shown with unless the field gives its own. */
interface RuleMessage {
  key: string;
  values?: Record<string, string | number>;
}

/**
 * Every rule (docs/product.md#validation-rules) by the name the contract's zod schemas and the gateway's refusals
 * (100 with data.rule) give it: one table, so a form and a refusal say the same thing.
 */
export const ruleMessages: Record<string, RuleMessage> = {
  required: { key: 'validation.required' },
  'login-id-required': { key: 'validation.loginIdRequired' },
  'login-id': { key: 'validation.loginId' },
  'login-id-taken': { key: 'validation.loginIdTaken' },
  'password-required': { key: 'validation.passwordRequired' },
  'password-length': { key: 'validation.passwordLength' },
  'password-characters': { key: 'validation.passwordRules' },
  'password-uppercase': { key: 'validation.passwordRules' },
  'password-lowercase': { key: 'validation.passwordRules' },
  'password-digit': { key: 'validation.passwordRules' },
  'password-breached': { key: 'validation.passwordBreached' },
  'confirm-required': { key: 'validation.confirmRequired' },
  'password-mismatch': { key: 'validation.passwordMismatch' },
  'nickname-length': { key: 'validation.nickname' },
  'text-length': { key: 'form.rule.textLength', values: { max: 32 } },
  'invisible-characters': { key: 'validation.invisibleCharacters' },
  'unpaired-surrogate': { key: 'validation.invisibleCharacters' },
  'no-visible-character': { key: 'validation.noVisibleCharacter' },
  'plain-text': { key: 'validation.plainText' },
  'safe-code': { key: 'validation.safeCode' },
  'safe-code-confirm-required': { key: 'validation.safeCodeConfirmRequired' },
  'safe-code-mismatch': { key: 'validation.safeCodeMismatch' },
  'safe-code-unchanged': { key: 'validation.safeCodeUnchanged' },
  'captcha-required': { key: 'validation.captchaRequired' },
  'min-below-max': { key: 'form.rule.minBelowMax' },
  'amount-format': { key: 'validation.amount' },
  'amount-positive': { key: 'score.amountPositive' },
  'percent-format': { key: 'validation.percent' },
  'comment-too-long': { key: 'form.rule.commentLength', values: { max: COMMENT_MAX } },
  'same-as-before': { key: 'form.rule.sameAsBefore' },
  'order-number': { key: 'form.rule.orderNumber' },
  prefix: { key: 'batch.prefixRule' },
  'batch-start': { key: 'form.rule.batchStart' },
  'batch-count': { key: 'batch.countRule', values: { count: MAX_BATCH_MEMBERS } },
  'start-after-end': { key: 'form.rule.startAfterEnd' },
  'end-before-start': { key: 'form.rule.endBeforeStart' },
  'time-range': { key: 'form.rule.timeRange' },
  'one-account': { key: 'form.rule.oneAccount' },
  'cursor-with-ids': { key: 'form.rule.cursorWithIds' },
  'range-too-long': { key: 'form.rule.rangeTooLong', values: { days: 15 } },
  'range-over-15-days': { key: 'form.rule.rangeTooLong', values: { days: 15 } },
  'above-parent': { key: 'validation.aboveParent' },
  'below-child': { key: 'validation.belowChild' },
  'rates-locked': { key: 'validation.ratesLocked' },
  'unsettled-bets': { key: 'validation.unsettledBets' },
  'win-limit-required': { key: 'form.rule.winLimitRequired' },
  'level-required': { key: 'form.rule.levelRequired' },
  'round-required': { key: 'form.rule.roundRequired' },
  'account-required': { key: 'form.rule.accountRequired' },
  'language-required': { key: 'notices.rule.languageRequired' },
  'date-time': { key: 'notices.rule.dateTime' },
  'ip-network': { key: 'systemSetting.rule.ipNetwork' },
  'ip-address': { key: 'audit.ipRule' },
  'whitelist-empty': { key: 'systemSetting.rule.whitelistEmpty' },
  'locks-out-caller': { key: 'systemSetting.rule.locksOut' },
  'score-interval': { key: 'systemSetting.rule.scoreInterval' },
  'member-limit': { key: 'systemSetting.rule.memberLimit' },
  'idle-timeout': { key: 'systemSetting.rule.idleTimeout' },
  'title-length': { key: 'systemSetting.rule.titleLength' },
  'retention-days': { key: 'systemSetting.rule.retentionDays' },
  'transfer-alert': {
    key: 'systemSetting.rule.transferAlert',
    values: { min: TRANSFER_ALERT_MINUTES.min, max: TRANSFER_ALERT_MINUTES.max },
  },
  'in-the-past': { key: 'systemSetting.rule.inThePast' },
  'risk-amount': { key: 'scoreRisk.invalid', values: { min: 1000 } },
  'logo-type': { key: 'systemSetting.logo.type' },
  'logo-too-large': { key: 'systemSetting.logo.tooLarge', values: { kb: LOGO_MAX_BYTES / 1024 } },
};

/** How a refusal without a known rule is stored on its field: its catalogue code. */
const CODE_PREFIX = 'code:';
export const codeMessage = (code: number) => `${CODE_PREFIX}${code}`;

/**
 * The text for a field's problem: `message` is a rule name (zod issue message or data.rule) or
 * a stored catalogue code; `overrides` let a screen word a rule its own way (add form: "enter a
 * username for the new account").
 */
export function problemText(
  t: TFunction,
  message: string | undefined,
  values: Record<string, unknown> = {},
  overrides: Record<string, string> = {},
): string | null {
  if (!message) return null;
  if (message.startsWith(CODE_PREFIX)) return t(message.slice(CODE_PREFIX.length), { ns: 'errors' });
  const known = ruleMessages[message];
  const key = overrides[message] ?? known?.key ?? 'validation.invalid';
  return t(key, { ...known?.values, ...values });
}

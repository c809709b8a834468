import { LOGIN_ID_PATTERN, PASSPHRASE_MAX, PASSWORD_MIN, SAFE_CODE_PATTERN } from '@contract/patterns.contract';

/** The rules (docs/product.md#validation-rules) of the sign-in form, by field: the key of the message to show, or null when fine. */
export function loginIdProblem(value: string): string | null {
  if (value.trim() === '') return 'validation.loginIdRequired';
  return LOGIN_ID_PATTERN.test(value.trim()) ? null : 'validation.loginId';
}

export function loginPasswordProblem(value: string): string | null {
  if (value === '') return 'validation.passwordRequired';
  return value.length < PASSWORD_MIN || value.length > PASSPHRASE_MAX ? 'validation.passwordLength' : null;
}

export function safeCodeProblem(value: string): string | null {
  return SAFE_CODE_PATTERN.test(value) ? null : 'validation.safeCode';
}

export function captchaProblem(value: string): string | null {
  return value.trim() === '' ? 'validation.captchaRequired' : null;
}

/** Key filter (docs/product.md#validation-rules): digits only (two-factor code and integer fields). */
export function digitsOnly(value: string): string {
  return value.replace(/[^0-9]/g, '');
}

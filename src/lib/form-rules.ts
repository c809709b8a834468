import { loginIdRule, passwordRule, safeCodeRule } from '../../contract/rules.contract';

/** Spec §5 rules for the forms, by field: the key of the message to show, or null when fine. */
export function loginIdProblem(value: string): string | null {
  if (value.trim() === '') return 'validation.loginIdRequired';
  return loginIdRule.safeParse(value.trim()).success ? null : 'validation.loginId';
}

export function loginPasswordProblem(value: string): string | null {
  if (value === '') return 'validation.passwordRequired';
  return value.length < 6 || value.length > 15 ? 'validation.passwordLength' : null;
}

export function newPasswordProblem(value: string): string | null {
  if (value === '') return 'validation.passwordRequired';
  const result = passwordRule.safeParse(value);
  if (result.success) return null;
  const rule = result.error.issues[0]?.message ?? '';
  return rule === 'password-length' ? 'validation.passwordLength' : 'validation.passwordRules';
}

export function confirmProblem(password: string, confirm: string): string | null {
  if (confirm === '') return 'validation.confirmRequired';
  return password === confirm ? null : 'validation.passwordMismatch';
}

export function safeCodeProblem(value: string): string | null {
  return safeCodeRule.safeParse(value).success ? null : 'validation.safeCode';
}

export function captchaProblem(value: string): string | null {
  return value.trim() === '' ? 'validation.captchaRequired' : null;
}

/** Key filter of spec §5: digits only (two-factor code and integer fields). */
export function digitsOnly(value: string): string {
  return value.replace(/[^0-9]/g, '');
}

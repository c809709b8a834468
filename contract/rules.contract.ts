import { z } from 'zod';
import { LOGIN_ID_PATTERN, PASSWORD_CHARACTERS, PASSWORD_MAX, PASSWORD_MIN, SAFE_CODE_PATTERN } from './patterns.contract';

/**
 * Validation rules of spec §5, shared by the forms and the gateway. A failure names the
 * rule, so each side can show the same message in the user's language.
 */
export const passwordRule = z
  .string()
  .min(PASSWORD_MIN, 'password-length')
  .max(PASSWORD_MAX, 'password-length')
  .regex(PASSWORD_CHARACTERS, 'password-characters')
  .regex(/[A-Z]/, 'password-uppercase')
  .regex(/[a-z]/, 'password-lowercase')
  .regex(/[0-9]/, 'password-digit');

export const loginIdRule = z.string().regex(LOGIN_ID_PATTERN, 'login-id');

export const nicknameRule = z.string().trim().min(4, 'nickname-length').max(16, 'nickname-length');

/** The two-factor (safe) code: exactly four digits. */
export const safeCodeRule = z.string().regex(SAFE_CODE_PATTERN, 'safe-code');

export const commentRule = z.string().max(100, 'comment-length');

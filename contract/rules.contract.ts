import { z } from 'zod';

/**
 * Validation rules of spec §5, shared by the forms and the gateway. A failure names the
 * rule, so each side can show the same message in the user's language.
 */
export const passwordRule = z
  .string()
  .min(6, 'password-length')
  .max(15, 'password-length')
  .regex(/^[A-Za-z0-9!_-]+$/, 'password-characters')
  .regex(/[A-Z]/, 'password-uppercase')
  .regex(/[a-z]/, 'password-lowercase')
  .regex(/[0-9]/, 'password-digit');

export const loginIdRule = z.string().regex(/^[A-Za-z0-9_-]{4,16}$/, 'login-id');

export const nicknameRule = z.string().trim().min(4, 'nickname-length').max(16, 'nickname-length');

/** The two-factor (safe) code: exactly four digits. */
export const safeCodeRule = z.string().regex(/^[0-9]{4}$/, 'safe-code');

export const commentRule = z.string().max(100, 'comment-length');

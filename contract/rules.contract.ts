import { z } from 'zod';
import { LOGIN_ID_PATTERN, PASSPHRASE_MAX, PASSWORD_CHARACTERS, PASSWORD_MAX, PASSWORD_MIN, SAFE_CODE_PATTERN } from './patterns.contract';

/**
 * Validation rules (docs/product.md#validation-rules), shared by the forms and the gateway. A failure names the
 * rule, so each side can show the same message in the user's language.
 */
const composedPassword = z
  .string()
  .regex(PASSWORD_CHARACTERS, 'password-characters')
  .regex(/[A-Z]/, 'password-uppercase')
  .regex(/[a-z]/, 'password-lowercase')
  .regex(/[0-9]/, 'password-digit');

/** A passphrase's characters: anything but controls and invisible format characters (spaces between words are fine). */
const PASSPHRASE_CHARACTERS = /^[^\p{Cc}\p{Cf}]+$/u;

/**
 * A new password: the spec's rule up to PASSWORD_MAX characters (its letters, digits and
 * symbols, with an upper-case and a lower-case letter and a digit), or a passphrase from there
 * to PASSPHRASE_MAX (length is what makes it strong, so no composition rule). The gateway also
 * refuses one that is known from breaches (rule password-breached).
 */
export const passwordRule = z
  .string()
  .min(PASSWORD_MIN, 'password-length')
  .max(PASSPHRASE_MAX, 'password-length')
  .superRefine((value, ctx) => {
    if (value.length < PASSWORD_MIN || value.length > PASSPHRASE_MAX) return;
    if (value.length > PASSWORD_MAX) {
      if (!PASSPHRASE_CHARACTERS.test(value)) ctx.addIssue({ code: 'custom', message: 'password-characters' });
      return;
    }
    const composed = composedPassword.safeParse(value);
    for (const issue of composed.error?.issues ?? []) ctx.addIssue({ code: 'custom', message: issue.message });
  });

export const loginIdRule = z.string().regex(LOGIN_ID_PATTERN, 'login-id');

/**
 * Characters that show nothing or turn the text around: controls and format characters (zero-
 * width spaces and joiners, bidi marks, embeddings, overrides and isolates). A name holding one
 * can look blank, or like another name written backwards.
 */
const INVISIBLE = /[\p{Cc}\p{Cf}]/u;
/** A character that shows something: not a space, control, format or combining mark, nor a blank letter (Hangul fillers, braille blank). */
const VISIBLE = /[^\p{White_Space}\p{Cc}\p{Cf}\p{M}\u115F\u1160\u3164\uFFA0\u2800]/u;

/** Text naming a person: in NFC (one way to write each letter), hiding nothing, showing something when not empty. */
const displayText = (max: number, min = 0, lengthRule = 'text-length') =>
  z
    .string()
    .normalize('NFC')
    .trim()
    .min(min, lengthRule)
    .max(max, lengthRule)
    .refine((value) => !INVISIBLE.test(value), 'invisible-characters')
    .refine((value) => value === '' || VISIBLE.test(value), 'no-visible-character');

export const nicknameRule = displayText(16, 4, 'nickname-length');

/** A contact name (may be left empty). */
export const personNameRule = displayText(32);

/** The two-factor (safe) code: exactly four digits. */
export const safeCodeRule = z.string().regex(SAFE_CODE_PATTERN, 'safe-code');

/**
 * Plain text: a notice's title and a suggestion's reply reach readers that may show them as HTML
 * (the members' app, the game platform's lobby), so they hold no markup characters at all.
 */
export const plainTextRule = <T extends z.ZodString>(schema: T) => schema.refine((value) => !/[<>]/.test(value), 'plain-text');

/** An order number: digits only. */
export const orderNumberRule = z.string().regex(/^[0-9]+$/, 'order-number');

/** Rule names that only forms check (the gateway answers the others itself). */
export const formOnlyRules = [
  'required',
  'password-required',
  'confirm-required',
  'min-below-max',
  'start-after-end',
  'end-before-start',
  'range-too-long',
  'win-limit-required',
  'level-required',
  'round-required',
  'account-required',
] as const;

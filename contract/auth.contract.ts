import { z } from 'zod';
import { exclusionSchema } from './exclusion.contract';
import { profileExtraSchema } from './account-edit.contract';
import { idSchema, isoTimeSchema } from './common.contract';
import { ErrorCode } from './errors.contract';
import { defineMethod } from './method.contract';
import { passwordRule, safeCodeRule } from './rules.contract';

const flag = z.enum(['0', '1']);
const levelSchema = z.number().int().min(0).max(5);
const statusSchema = z.number().int();

/** Access codes (docs/product.md#access-codes): main accounts hold them all; sub-accounts a subset. */
export const allAccessCodes = [1, 2, 3, 4, 5, 6, 7, 8, 11] as const;

/** Session types: 1 a main account, 9 a sub-account acting for it. */
export const SESSION_TYPE_MAIN = 1;
export const SESSION_TYPE_SUB = 9;

/**
 * Why an upline's action ended a session: a call with its token is refused 2202 with data.rule
 * `session-<reason>`, and the login screen says it in the user's language.
 */
export const sessionEndReasons = ['frozen', 'disabled', 'kicked', 'line-locked', 'line-frozen'] as const;
export type SessionEndReason = (typeof sessionEndReasons)[number];

export const loginResultSchema = z.object({
  sessionId: z.string(),
  loginId: z.string(),
  userId: idSchema,
  forcePwdUpdate: flag,
  sn: z.string(),
  status: statusSchema,
  sessionType: z.number().int(),
  isMain: z.boolean(),
  level: levelSchema,
  firstLogin: flag,
  teamStatus: statusSchema,
  mainUserId: idSchema,
  accessCode: z.array(z.number().int()),
});

export const profileSchema = z.object({
  userId: idSchema,
  loginId: z.string(),
  nickname: z.string(),
  name: z.string(),
  phone: z.string(),
  tel: z.string(),
  wechat: z.string(),
  level: levelSchema,
  parentId: idSchema.nullable(),
  status: statusSchema,
  teamStatus: statusSchema,
  /** Percent, e.g. 80 = 80 %. */
  agentCommisionRate: z.number(),
  /** Percent, e.g. 1.2 = 1.2 %. */
  validAmountRate: z.number(),
  balance: z.string(),
  pointLimit: z.string(),
  createdAt: isoTimeSchema,
  lastLoginAt: isoTimeSchema.nullable(),
});

const newPasswordParams = {
  newPassword: passwordRule,
  confirmPassword: z.string().max(64),
};

/** The two entries of a new password must match (docs/product.md#validation-rules): checked with the params, before anything else. */
const confirmed = <T extends { newPassword: string; confirmPassword: string }>(params: T) => params.newPassword === params.confirmPassword;
const mismatch = { message: 'password-mismatch', path: ['confirmPassword'] };

export const authMethods = {
  'gw.credit.captcha.check': defineMethod({
    summary:
      'Without params: a new captcha image (SVG data URL, single use, 2 minutes). With captchaId and captchaCode: whether the code is right; a right code leaves the captcha for the sign-in, a wrong one uses it up. Wrong guesses are limited per IP (2632)',
    params: z.object({
      captchaId: z.uuid().optional(),
      captchaCode: z.string().max(16).optional(),
    }),
    result: z.union([
      z.object({ captchaId: z.uuid(), image: z.string().startsWith('data:image/svg+xml'), expiresAt: isoTimeSchema }),
      z.object({ valid: z.boolean() }),
    ]),
    auth: 'public',
    signInDuringMaintenance: true,
    effect: 'write',
    errors: [ErrorCode.missingParams, ErrorCode.tooFrequentAccess],
  }),
  // A session's own state only: answered without one, it told which names exist.
  'gw.credit.user.first.login.check': defineMethod({
    summary:
      'Whether the signed-in login (loginId: its own name, main account or sub-account) must set a new password and safe code first ("1"); any other name is 20002, whether it exists or not',
    params: z.object({ loginId: z.string().min(1).max(64) }),
    result: z.object({ firstLogin: flag }),
    auth: 'session',
    signInDuringMaintenance: true,
    openWhilePasswordForced: true,
    effect: 'read',
    errors: [ErrorCode.accountNotFound],
  }),
  'gw.credit.agent.login': defineMethod({
    summary: 'Signs in with name, password, captcha and two-factor (safe) code; answers a new session',
    params: z.object({
      loginId: z.string().min(1).max(64),
      password: z.string().min(1).max(128),
      captchaId: z.string().max(64).optional(),
      captchaCode: z.string().max(16).optional(),
      safeCode: z.string().min(1).max(16),
    }),
    result: loginResultSchema,
    auth: 'public',
    signInDuringMaintenance: true,
    effect: 'write',
    errors: [
      ErrorCode.wrongCredentials,
      ErrorCode.accountDisabled,
      ErrorCode.tooFrequentAccess,
      ErrorCode.captchaWrong,
      ErrorCode.safeCodeWrong,
      ErrorCode.agentLineLocked,
    ],
  }),
  'gw.credit.safe.code.check': defineMethod({
    summary: 'Step-up check of the two-factor (safe) code before a sensitive action',
    params: z.object({ safeCode: z.string().min(1).max(16) }),
    result: z.object({ valid: z.boolean() }),
    auth: 'session',
    effect: 'read',
    errors: [ErrorCode.tooFrequentAccess],
  }),
  'gw.credit.user.password.update': defineMethod({
    summary: "Changes one's own password; every session of the account ends",
    params: z.object({ oldPassword: z.string().min(1).max(128), ...newPasswordParams }).refine(confirmed, mismatch),
    result: z.object({}),
    auth: 'session',
    effect: 'write',
    stepUp: { param: 'oldPassword', secret: 'password' },
    errors: [],
  }),
  'gw.credit.user.safe.code.update': defineMethod({
    summary:
      "Changes one's own safe code (a sub-account its own), confirmed by the current password and safe code; the new one is typed twice and must differ from the current one. Every session of the login ends",
    params: z
      .object({
        password: z.string().min(1).max(128),
        oldSafeCode: z.string().min(1).max(16),
        newSafeCode: safeCodeRule,
        confirmSafeCode: z.string().max(16),
      })
      .refine((params) => params.newSafeCode === params.confirmSafeCode, { message: 'safe-code-mismatch', path: ['confirmSafeCode'] }),
    result: z.object({}),
    auth: 'session',
    effect: 'write',
    stepUp: [
      { param: 'password', secret: 'password' },
      { param: 'oldSafeCode', secret: 'safeCode' },
    ],
    errors: [ErrorCode.illegalOperation],
  }),
  'gw.credit.user.password.force.update': defineMethod({
    summary:
      'Sets the new password (and, at first login, the safe code) a user must set before anything else; every session of the account ends',
    params: z.object({ ...newPasswordParams, safeCode: safeCodeRule.optional() }).refine(confirmed, mismatch),
    result: z.object({}),
    auth: 'session',
    effect: 'write',
    openWhilePasswordForced: true,
    errors: [],
  }),
  'gw.credit.agent.logout': defineMethod({
    summary: 'Ends the current session',
    params: z.object({}),
    result: z.object({}),
    auth: 'session',
    effect: 'write',
    openWhilePasswordForced: true,
    errors: [],
  }),
  'gw.credit.agent.level': defineMethod({
    summary: 'Level of the signed-in account (0 company ... 4 agent)',
    params: z.object({}),
    result: z.object({ level: levelSchema }),
    auth: 'session',
    effect: 'read',
    errors: [],
  }),
  'gw.credit.user.profile': defineMethod({
    summary: "One's own profile, or that of any account of one's line (userId)",
    params: z.object({ userId: idSchema.optional() }),
    /**
     * lineStatus: the account's line as its upline leaves it (its own or an upline's line lock or freeze, else normal);
     * exclusion: a member's time-out or self-exclusion in force, null when none (always null for an agent).
     */
    result: profileSchema.extend(profileExtraSchema.shape).extend({ lineStatus: statusSchema, exclusion: exclusionSchema.nullable() }),
    auth: 'session',
    effect: 'read',
    // Another account's profile (name, phone, rates, balance) is the user list's (code 1).
    otherAccountRights: { accessCode: 1 },
    errors: [ErrorCode.accountNotFound],
  }),
  'gw.credit.user.balance.get': defineMethod({
    summary: "One's own points balance, or that of any account of one's line (userId)",
    params: z.object({ userId: idSchema.optional() }),
    result: z.object({ balance: z.string() }),
    auth: 'session',
    effect: 'read',
    // Another account's balance is finance: the score log's code (6), while the site shows the caller finance.
    otherAccountRights: { accessCode: 6, finance: true },
    errors: [ErrorCode.accountNotFound],
  }),
};

import { z } from 'zod';
import { backOffice } from './account-levels.contract';
import { allAccessCodes } from './auth.contract';
import { idSchema, isoTimeSchema, pageParams, pageResult } from './common.contract';
import { ErrorCode } from './errors.contract';
import { defineMethod } from './method.contract';
import { loginIdRule, nicknameRule, passwordRule, safeCodeRule } from './rules.contract';

/** A code a sub-account may hold (docs/product.md#access-codes): 1-8 and 11, the codes a main account holds all of. */
export type AccessCode = (typeof allAccessCodes)[number];

/** Codes that each need the user list (code 1) to be of any use: holding one implies 1 (docs/product.md#access-codes). */
export const codesImplyingUserList: readonly number[] = [2, 3, 4, 5];

/** Codes as stored and answered: known codes only, sorted, once each, with 1 when 2-5 are there. */
export function normalizeAccessCodes(codes: readonly number[]): number[] {
  const set = new Set(codes.filter((code) => (allAccessCodes as readonly number[]).includes(code)));
  if (codes.some((code) => codesImplyingUserList.includes(code))) set.add(1);
  return [...set].sort((a, b) => a - b);
}

/** The wire form: "1,5" (empty for none). */
export const formatAccessCodes = (codes: readonly number[]): string => normalizeAccessCodes(codes).join(',');

/** "1,5" -> [1, 5]; a code outside 1-8 and 11, or anything but digits and commas, is 100 rule "access-code". */
export const accessCodeListSchema = z
  .string()
  .max(64)
  .regex(/^(\s*[0-9]{1,2}\s*(,\s*[0-9]{1,2}\s*)*)?$/, 'access-code')
  .transform((text) => (text.trim() === '' ? [] : text.split(',').map((code) => Number(code.trim()))))
  .refine((codes) => codes.every((code) => (allAccessCodes as readonly number[]).includes(code)), 'access-code')
  .transform(normalizeAccessCodes);

/**
 * The permission matrix's switches and the codes they stand for (docs/product.md#access-codes).
 * The screen shows both the menu codes and these; what is saved is always the codes.
 */
export const permissionSwitches = {
  queryReport: 7,
  isSetScore: 5,
  addUser: 2,
  disableEnableUser: 4,
  editUser: 3,
} as const satisfies Record<string, AccessCode>;

export const subAccountStatusSchema = z.union([z.literal(1), z.literal(4)]);

export const subAccountSchema = z.object({
  subAccountId: idSchema,
  /** The main account the sub-account acts for. */
  agentId: idSchema,
  loginId: z.string(),
  nickname: z.string(),
  /** 1 normal, 4 disabled. */
  status: subAccountStatusSchema,
  /** Comma-separated codes, e.g. "1,5". */
  accessCode: z.string(),
  createdAt: isoTimeSchema,
  lastLoginAt: isoTimeSchema.nullable(),
  online: z.boolean(),
});
export type SubAccount = z.infer<typeof subAccountSchema>;

const subAccountIdParams = { subAccountId: idSchema };
const idResult = z.object({ subAccountId: idSchema });
/** The main account's own safe code: adding, changing codes or secrets and deleting are stepped up. */
const safeCodeParam = { safeCode: z.string().min(1).max(16) };
const stepUp = { param: 'safeCode', secret: 'safeCode' } as const;
const manage = { levels: backOffice, mainOnly: true } as const;

export const subAccountMethods = {
  'gw.credit.subaccount.add': defineMethod({
    summary:
      "Adds a sub-account acting for the caller with the given access codes; its name must be free among the site's accounts and sub-accounts. It sets its own password and safe code at first sign-in",
    params: z.object({
      ...safeCodeParam,
      loginId: loginIdRule,
      nickname: nicknameRule,
      password: passwordRule,
      /** The sub-account's two-factor code for its first sign-in (like a new account's). */
      subSafeCode: safeCodeRule.default('0000'),
      accessCode: accessCodeListSchema,
    }),
    result: idResult,
    auth: 'session',
    effect: 'write',
    rights: manage,
    stepUp,
    // 20047: the site's limit of sub-accounts per main account (5 or 15) is reached.
    errors: [ErrorCode.subAccountLimit],
  }),
  'gw.credit.subaccount.query': defineMethod({
    summary: "The caller's sub-accounts, oldest first",
    params: z.object(pageParams(20)),
    result: pageResult(subAccountSchema),
    auth: 'session',
    effect: 'read',
    rights: manage,
    errors: [],
  }),
  'gw.credit.subaccount.get': defineMethod({
    summary: "One of the caller's sub-accounts; a sub-account calling without subAccountId gets its own record (how it fetches its codes)",
    params: z.object({ subAccountId: idSchema.optional() }),
    result: subAccountSchema,
    auth: 'session',
    effect: 'read',
    rights: { levels: backOffice },
    // 700 when a main account leaves out subAccountId.
    errors: [ErrorCode.subAccountNotFound, ErrorCode.missingParams],
  }),
  'gw.credit.subaccount.update': defineMethod({
    summary:
      "Changes a sub-account's nickname, resets its password (it must change it at its next sign-in) or its safe code; a new secret ends its sessions",
    params: z.object({
      ...safeCodeParam,
      ...subAccountIdParams,
      nickname: nicknameRule.optional(),
      password: passwordRule.optional(),
      subSafeCode: safeCodeRule.optional(),
    }),
    result: idResult,
    auth: 'session',
    effect: 'write',
    rights: manage,
    stepUp,
    // 700 when nothing to change is given.
    errors: [ErrorCode.subAccountNotFound, ErrorCode.missingParams],
  }),
  'gw.credit.subaccount.access.code.update': defineMethod({
    summary: "Replaces a sub-account's access codes; its sessions take the new ones at their next call",
    params: z.object({ ...safeCodeParam, ...subAccountIdParams, accessCode: accessCodeListSchema }),
    result: idResult,
    auth: 'session',
    effect: 'write',
    rights: manage,
    stepUp,
    errors: [ErrorCode.subAccountNotFound],
  }),
  'gw.credit.subaccount.disable': defineMethod({
    summary: 'Disables a sub-account: it cannot sign in and its sessions end at once',
    params: z.object(subAccountIdParams),
    result: idResult,
    auth: 'session',
    effect: 'write',
    rights: manage,
    errors: [ErrorCode.subAccountNotFound],
  }),
  'gw.credit.subaccount.enable': defineMethod({
    summary: 'Enables a disabled sub-account again',
    params: z.object(subAccountIdParams),
    result: idResult,
    auth: 'session',
    effect: 'write',
    rights: manage,
    errors: [ErrorCode.subAccountNotFound],
  }),
  'gw.credit.subaccount.delete': defineMethod({
    summary: 'Deletes a sub-account: its sessions end at once and its name is free again; the records of what it did stay',
    params: z.object({ ...safeCodeParam, ...subAccountIdParams }),
    result: idResult,
    auth: 'session',
    effect: 'write',
    rights: manage,
    stepUp,
    errors: [ErrorCode.subAccountNotFound],
  }),
  'gw.credit.subaccount.logout': defineMethod({
    summary: 'Ends every session of a sub-account (kick out)',
    params: z.object(subAccountIdParams),
    result: idResult,
    auth: 'session',
    effect: 'write',
    rights: manage,
    errors: [ErrorCode.subAccountNotFound],
  }),
};

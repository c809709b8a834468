import { z } from 'zod';
import {
  exclusiveEndSchema,
  idSchema,
  isoTimeSchema,
  pageIndexSchema,
  pageResult,
  pageSizeSchema,
  timeParamSchema,
} from './common.contract';
import { ErrorCode } from './errors.contract';
import { defineMethod, type Rights } from './method.contract';
import { loginIdRule } from './rules.contract';

/** The longest range the operation record and the login log answer (docs/product.md#time-ranges): 15 x 24 h. */
export const AUDIT_MAX_SPAN_DAYS = 15;
/** The operation record answers at most the newest this many rows of a range (docs/product.md#operation-record). */
export const OPERATION_RECORD_LIMIT = 1000;

export const operationLevels = ['normal', 'warn', 'error'] as const;
export type OperationLevel = (typeof operationLevels)[number];

/** [startTime, endTime): both required, start before end, at most 15 x 24 h apart (100 "range-over-15-days"). */
const auditRange = {
  startTime: timeParamSchema,
  endTime: exclusiveEndSchema,
};
const rangeChecks = <T extends z.ZodType<{ startTime: string; endTime: string }>>(schema: T) =>
  schema
    .refine((p) => Date.parse(p.startTime) < Date.parse(p.endTime), { message: 'start-after-end', path: ['startTime'] })
    .refine((p) => Date.parse(p.endTime) - Date.parse(p.startTime) <= AUDIT_MAX_SPAN_DAYS * 86_400_000, {
      message: 'range-over-15-days',
      path: ['endTime'],
    });

/** One changed field: values as stored (amounts in cents as strings, statuses as numbers), translated by the screen. */
export const fieldChangeSchema = z.object({
  field: z.string(),
  before: z.union([z.string(), z.number(), z.boolean(), z.null()]),
  after: z.union([z.string(), z.number(), z.boolean(), z.null()]),
});
export type FieldChange = z.infer<typeof fieldChangeSchema>;

/**
 * How the screen reads a change's values, by the field's last name part (game settings come as
 * "gameSettings.live.redLimit"): amounts are cents as strings, rates and shares hundredths of a
 * percent as stored (8000 = 80 %), statuses numbers of the account status, secrets null on both
 * sides; anything else (flags, names) is shown as it is.
 */
const changeKinds: Record<string, 'amount' | 'rate' | 'status' | 'secret'> = {
  balance: 'amount',
  pointLimit: 'amount',
  maxWin: 'amount',
  agentToCompanyLimit: 'amount',
  redLimit: 'amount',
  monitorBet: 'amount',
  monitorWin: 'amount',
  monitorScore: 'amount',
  agentCommisionRate: 'rate',
  validAmountRate: 'rate',
  bettingRatio: 'rate',
  agentRate: 'rate',
  spread: 'rate',
  status: 'status',
  teamStatus: 'status',
  password: 'secret',
  safeCode: 'secret',
};
export function changeKindOf(field: string): 'amount' | 'rate' | 'status' | 'secret' | 'value' {
  const name = field.slice(field.lastIndexOf('.') + 1);
  return Object.hasOwn(changeKinds, name) ? changeKinds[name]! : 'value';
}

export const operationRecordSchema = z.object({
  /** The record's own id (rows of one instant keep their order). */
  id: idSchema,
  time: isoTimeSchema,
  /** Who acted: the sub-account when one did, else the main account; null when the system did (the operator's command line, operatorLoginId "system"). */
  operatorId: idSchema.nullable(),
  operatorLoginId: z.string(),
  /** The main account the operator acted for (the operator itself when it is one); null for the system. */
  mainUserId: idSchema.nullable(),
  mainLoginId: z.string(),
  targetId: idSchema.optional(),
  targetLoginId: z.string().optional(),
  /** The method that was called: the screen shows it translated (`operation.action.<method>`). */
  action: z.string(),
  changes: z.array(fieldChangeSchema),
  level: z.enum(operationLevels),
  /** The catalogue code of a refused or failed call. */
  code: z.number().int().nullable(),
  ip: z.string(),
  region: z.string(),
  terminal: z.string(),
});
export type OperationRecordRow = z.infer<typeof operationRecordSchema>;

export const loginLogRowSchema = z.object({
  id: idSchema,
  time: isoTimeSchema,
  loginId: z.string(),
  /** The account or sub-account that tried, when the name was known. */
  userId: idSchema.nullable(),
  ip: z.string(),
  region: z.string(),
  terminal: z.string(),
  /** The device the browser reported (fingerOSModel). */
  deviceId: z.string(),
  /** 0 on success, else the catalogue code of the refusal. */
  code: z.number().int(),
});
export type LoginLogRow = z.infer<typeof loginLogRowSchema>;

/** A sign-in's outcome as the login log filters it: `ok`, or `failed` (refused for any reason). */
export const signInResults = ['ok', 'failed'] as const;
export type SignInResult = (typeof signInResults)[number];

/** An IPv4 or IPv6 address, as the login log stores it (100 "ip-address" otherwise). */
export const ipAddressSchema = z
  .string()
  .max(45)
  .refine((value) => z.ipv4().safeParse(value).success || z.ipv6().safeParse(value).success, 'ip-address');

/**
 * The calls that move points: their records (with the balance before and after) are finance,
 * left out of the operation record while the site hides finance from the caller.
 */
export const pointsActions = [
  'gw.credit.score.issue',
  'gw.credit.user.score.up',
  'gw.credit.user.score.down',
  'gw.credit.transfer.repair',
] as const;

/** What `npm run site` does to a site, each written in its operation record as `system.site.<verb>`. */
export const siteSystemVerbs = [
  'add',
  'hosts',
  'title',
  'theme',
  'disable',
  'enable',
  'platform',
  'resync',
  'resume',
  'rotate',
  'rotate_end',
  'reset_admin',
] as const;
export type SiteSystemVerb = (typeof siteSystemVerbs)[number];

/**
 * What the operation record holds besides the gateway's write methods: a name locked by its
 * sign-ins (the sign-in or the safe-code check that locked it), an unlock from the server, and
 * the site commands. The web app names each in every language (audit.action.*).
 */
export const recordedActions = [
  'gw.credit.agent.login',
  'gw.credit.safe.code.check',
  'system.unlock',
  ...siteSystemVerbs.map((verb) => `system.site.${verb}` as const),
] as const;

/** The operation record's rights, which the login log needs too (one account's sign-ins as the line's: docs/product.md#login-log-and-ip-check). */
export const lineAuditRights = { levels: [0, 1, 2], role: 'firstProxy', accessCode: 8 } as const satisfies Rights;

/** One address several accounts of the line signed in from (IP check). */
export const sharedIpSchema = z.object({
  ip: z.string(),
  region: z.string(),
  accounts: z.array(
    z.object({ userId: idSchema, loginId: z.string(), level: z.number().int(), signIns: z.number().int(), lastAt: isoTimeSchema }),
  ),
  signIns: z.number().int(),
  lastAt: isoTimeSchema,
});
export type SharedIp = z.infer<typeof sharedIpSchema>;

export const auditMethods = {
  'gw.credit.operation.record.query': defineMethod({
    summary:
      "Every write call made in the caller's line (its own, its downline's, their sub-accounts'), refused or not, newest first: at most 15 x 24 h and the newest 1000 rows of the range",
    params: rangeChecks(
      z.object({
        ...auditRange,
        /** Who acted: an account or a sub-account of the line. */
        operatorId: idSchema.optional(),
        /** The account acted on. */
        targetId: idSchema.optional(),
        /** A method name. */
        action: z.string().max(80).optional(),
        level: z.enum(operationLevels).optional(),
        pageIndex: pageIndexSchema.default(1),
        pageSize: pageSizeSchema.default(100),
      }),
    ),
    result: pageResult(operationRecordSchema),
    auth: 'session',
    effect: 'read',
    rights: { ...lineAuditRights, financeRows: true },
    errors: [],
  }),
  'gw.credit.ip.check': defineMethod({
    summary:
      "IP check: the addresses from which two or more accounts of the caller's line signed in over a range (at most 15 x 24 h), most accounts first, each with its accounts",
    params: rangeChecks(z.object({ ...auditRange, pageIndex: pageIndexSchema.default(1), pageSize: pageSizeSchema.default(100) })),
    result: pageResult(sharedIpSchema),
    auth: 'session',
    effect: 'read',
    // The line's sign-ins, as the line-wide login log: levels 0-2 with code 8.
    rights: lineAuditRights,
    errors: [],
  }),
  'gw.credit.login.log.query': defineMethod({
    summary:
      "Sign-in attempts (successful or not) of the caller's line and its sub-accounts, or of one of them (userId), newest first, at most 15 x 24 h; filtered by the name tried (loginId), the address (ip) and the outcome (result ok or failed)",
    params: rangeChecks(
      z.object({
        ...auditRange,
        userId: idSchema.optional(),
        /** The name tried, whatever its case (an account's or a sub-account's of the line). */
        loginId: loginIdRule.optional(),
        /** The address the attempt came from, exactly. */
        ip: ipAddressSchema.optional(),
        result: z.enum(signInResults).optional(),
        pageIndex: pageIndexSchema.default(1),
        pageSize: pageSizeSchema.default(100),
      }),
    ),
    result: pageResult(loginLogRowSchema),
    auth: 'session',
    effect: 'read',
    // Code 8 and levels 0-2 whether it asks for the line or one account: sign-ins are audit, not the user list.
    rights: lineAuditRights,
    errors: [ErrorCode.accountNotFound],
  }),
};

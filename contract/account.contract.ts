import { z } from 'zod';
import { idSchema, isoTimeSchema, pageParams, pageResult } from './common.contract';
import { amountSchema, percentSchema } from './amount.contract';
import { ErrorCode, type ErrorCodeValue } from './errors.contract';
import { AccountStatus, accountActions, backOffice, contactParams, gameSettingInputSchema, levelSchema } from './account-fields.contract';
import { accountEditMethods } from './account-edit.contract';
import { defineMethod } from './method.contract';
import { exportFormatSchema, jobMethods } from './job.contract';
import { loginIdRule, nicknameRule, passwordRule, safeCodeRule } from './rules.contract';

export const accountStatuses = [AccountStatus.normal, AccountStatus.disabled, AccountStatus.frozen] as const;
export type AccountStatusValue = (typeof accountStatuses)[number];
export const accountStatusSchema = z.union(accountStatuses.map((status) => z.literal(status)));

export const accountSortFields = ['createdAt', 'loginId', 'balance', 'lastLoginAt'] as const;

export const accountRowSchema = z.object({
  userId: idSchema,
  loginId: z.string(),
  nickname: z.string(),
  level: levelSchema,
  parentId: idSchema.nullable(),
  status: z.number().int(),
  teamStatus: z.number().int(),
  balance: z.string(),
  pointLimit: z.string(),
  /** Percent (80 = 80 %). */
  agentCommisionRate: z.number(),
  /** Percent (1.2 = 1.2 %). */
  validAmountRate: z.number(),
  online: z.boolean(),
  betPaused: z.boolean(),
  /** Agents: betting stopped for every member of the line below (team.bolck). */
  betStopped: z.boolean(),
  /** Members: winnings reached the maximum points winnable; remove limit clears it. */
  winBlocked: z.boolean(),
  exceptionMarked: z.boolean(),
  /** Failed sign-ins locked (or slowed down) this login name for some IP: "unlock" lifts it. */
  loginLocked: z.boolean(),
  /** Direct children (agents and members) of this account. */
  childCount: z.number().int().min(0),
  createdAt: isoTimeSchema,
  lastLoginAt: isoTimeSchema.nullable(),
});

/** One step of the way from the caller down to the listed parent (the breadcrumb). */
export const lineStepSchema = z.object({ userId: idSchema, loginId: z.string(), level: levelSchema });

/** The account list's filters and sort, shared by the list methods and their exports. */
const listFilters = {
  /** Whose children to list: the caller (default) or any account of the caller's line. */
  parentId: idSchema.optional(),
  /** Part of the login name, any case. */
  loginId: z.string().trim().max(16).optional(),
  status: accountStatusSchema.optional(),
  /** Agents: those of this level anywhere in the parent's line, not only its direct children. */
  level: levelSchema.optional(),
  online: z.boolean().optional(),
  /** Only members whose betting is paused (the stop list), or only the others. */
  betPaused: z.boolean().optional(),
  /** Only accounts locked now: their line locked (team status 4) or their sign-in locked by failed attempts; or only the others. */
  locked: z.boolean().optional(),
  sort: z.enum(accountSortFields).default('createdAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
};

const queryParams = { ...listFilters, ...pageParams(100) };

const queryResult = pageResult(accountRowSchema).extend({ line: z.array(lineStepSchema) });

const newAccountParams = {
  loginId: loginIdRule,
  nickname: nicknameRule,
  password: passwordRule,
  /** The new account's two-factor code, told to its owner; it sets its own at first login. */
  safeCode: safeCodeRule.default('0000'),
  /** At most the parent's point limit. */
  pointLimit: amountSchema,
  ...contactParams,
  /** Game settings start from the parent's; what is given here replaces them, within the parent's. */
  gameSettings: z.array(gameSettingInputSchema).max(2).optional(),
};

const statusChange = <E extends z.ZodRawShape = Record<never, never>>(
  summary: string,
  accessCode: number,
  extra?: E,
  moreErrors: readonly ErrorCodeValue[] = [],
) =>
  defineMethod({
    summary,
    params: z.object({ userId: idSchema, ...(extra ?? ({} as E)) }),
    result: z.object({ userId: idSchema, status: z.number().int(), teamStatus: z.number().int() }),
    auth: 'session',
    effect: 'write',
    changesDownline: true,
    rights: { levels: backOffice, accessCode },
    errors: [
      ErrorCode.accountNotFound,
      ErrorCode.notDirectRelation,
      ErrorCode.illegalOperation,
      ErrorCode.cannotOperate,
      ErrorCode.agentLineFrozen,
      ...moreErrors,
    ],
  });

const betChange = (summary: string) =>
  defineMethod({
    summary,
    params: z.object({ userId: idSchema }),
    result: z.object({ userId: idSchema, betPaused: z.boolean() }),
    auth: 'session',
    effect: 'write',
    changesDownline: true,
    rights: { levels: backOffice, accessCode: 4 },
    errors: [
      ErrorCode.accountNotFound,
      ErrorCode.notDirectRelation,
      ErrorCode.illegalOperation,
      ErrorCode.cannotOperate,
      ErrorCode.agentLineFrozen,
    ],
  });

const suggestion = z.object({ userId: idSchema, loginId: z.string(), nickname: z.string(), level: levelSchema });
const accountList = (summary: string) =>
  defineMethod({
    summary,
    params: z.object(queryParams),
    result: queryResult,
    auth: 'session',
    effect: 'read',
    rights: { levels: backOffice, accessCode: 1 },
    errors: [ErrorCode.accountNotFound],
  });

const listExport = (list: string) =>
  defineMethod({
    summary: `The rows ${list} answers for the same filters and sort, all pages, as an xlsx or CSV file made by a background job: job.get reports the rows written and, when done, the fileId for POST /api/files/<fileId> (kept 24 hours)`,
    params: z.object({ ...listFilters, format: exportFormatSchema }),
    result: z.object({ jobId: idSchema }),
    auth: 'session',
    effect: 'write',
    rights: { levels: backOffice, accessCode: 1 },
    // 100 with rule "export-too-large": more than MAX_EXPORT_ROWS rows match; narrow the filters.
    errors: [ErrorCode.accountNotFound],
  });

const nameTips = (summary: string) =>
  defineMethod({
    summary,
    params: z.object({ keyword: z.string().trim().min(1).max(16), limit: z.number().int().min(1).max(50).default(10) }),
    result: z.object({ list: z.array(suggestion) }),
    auth: 'session',
    effect: 'read',
    rights: { levels: backOffice, accessCode: 1 },
    errors: [],
  });

export const accountMethods = {
  ...accountEditMethods,
  ...jobMethods,
  'gw.credit.fuzzy.search.tips': nameTips(
    "Accounts of the caller's line whose name starts with the keyword (any case), for suggestions as you type",
  ),
  'gw.credit.fuzzy.agent.search.tips': nameTips("Agents (not members) of the caller's line whose name starts with the keyword"),
  'gw.credit.user.simple.info.get': defineMethod({
    summary: "Name, level, parent, status, balance and point limit of an account of the caller's line (for headers and confirmations)",
    params: z.object({ userId: idSchema }),
    // The list row's own fields: parentId says whether the caller may act on it (a direct child),
    // pointLimit what a score up may bring the balance to at most (20030 above it).
    result: accountRowSchema.pick({
      userId: true,
      loginId: true,
      nickname: true,
      level: true,
      parentId: true,
      status: true,
      teamStatus: true,
      balance: true,
      pointLimit: true,
    }),
    auth: 'session',
    effect: 'read',
    rights: { levels: backOffice, accessCode: 1 },
    errors: [ErrorCode.accountNotFound],
  }),
  'gw.credit.account.search': defineMethod({
    summary: "An account of the caller's line by its exact name (any case), with the line down to it",
    params: z.object({ loginId: z.string().trim().min(1).max(16) }),
    result: z.object({ list: z.array(accountRowSchema.extend({ line: z.array(lineStepSchema) })) }),
    auth: 'session',
    effect: 'read',
    rights: { levels: backOffice, accessCode: 1 },
    errors: [],
  }),
  'gw.credit.user.enable': statusChange('Enables a disabled or frozen direct child (agent or member)', 4),
  'gw.credit.user.disable': statusChange(
    'Disables (mode "lock", the default) or freezes (mode "freeze") a direct child; its sessions end at once',
    4,
    {
      mode: z.enum(['lock', 'freeze']).default('lock'),
    },
  ),
  'gw.credit.agent.line.disable': statusChange(
    "Locks a direct child agent's whole line: nobody below can sign in; their sessions end at once",
    4,
  ),
  'gw.credit.agent.line.enable': statusChange("Unlocks a direct child agent's line", 4),
  'gw.credit.agent.line.stop.right': statusChange("Freezes a direct child agent's whole line: read only below it; sessions end at once", 4),
  'gw.credit.agent.line.enable.right': statusChange("Unfreezes a direct child agent's line", 4),
  // Nothing to do is refused with its own code (20050, 20051), not a silent "done".
  'gw.credit.user.logout': statusChange('Kicks a direct child out: ends all of its sessions', 4, {}, [ErrorCode.notOnline]),
  'gw.credit.user.unlock': statusChange('Clears the sign-in lock a direct child got from failed attempts', 4, {}, [
    ErrorCode.notLoginLocked,
  ]),
  // Our name: "remove limit" (docs/product.md#account-statuses) had no call name of its own.
  'gw.credit.user.limit.remove': statusChange(
    'Removes the max-win block of a member directly below the calling agent (its winnings reached its maximum points winnable)',
    4,
  ),
  'gw.credit.user.bet.pause': betChange('Pauses betting for a member directly below the calling agent (the stop list)'),
  'gw.credit.user.bet.pursue': betChange('Resumes betting for a paused member directly below the calling agent'),
  'gw.credit.operate.button.show': defineMethod({
    summary: 'The status actions the caller may take on a direct child now (rights and status machine), so the UI offers only those',
    params: z.object({ userId: idSchema }),
    result: z.object({ userId: idSchema, actions: z.array(z.enum(accountActions)) }),
    auth: 'session',
    effect: 'read',
    rights: { levels: backOffice, accessCode: 1 },
    errors: [ErrorCode.accountNotFound, ErrorCode.notDirectRelation],
  }),
  'gw.credit.agent.query': accountList(
    "Agents directly below a parent of the caller's line (the caller by default), filtered, sorted and paged, with the line down to that parent",
  ),
  'gw.credit.agent.add': defineMethod({
    summary:
      "Adds a direct child agent one level below the caller; its share, wash-code ratio and point limit are at most the caller's, its game settings start from the caller's",
    params: z.object({ ...newAccountParams, agentCommisionRate: percentSchema, validAmountRate: percentSchema }),
    result: z.object({ userId: idSchema }),
    auth: 'session',
    effect: 'write',
    changesDownline: true,
    // Level 4 may call it and gets 20045: agents end at level 4.
    rights: { levels: [0, 1, 2, 3, 4], accessCode: 2 },
    errors: [ErrorCode.cannotOperate, ErrorCode.agentLineFrozen, ErrorCode.agentLevelMaximum],
  }),
  'gw.credit.user.add': defineMethod({
    summary: "Adds a member (level 5) under the calling agent; its wash-code ratio and point limit are at most the agent's",
    params: z.object({ ...newAccountParams, validAmountRate: percentSchema.default(0) }),
    result: z.object({ userId: idSchema }),
    auth: 'session',
    effect: 'write',
    changesDownline: true,
    rights: { levels: [4], accessCode: 2 },
    errors: [ErrorCode.cannotOperate, ErrorCode.agentLineFrozen, ErrorCode.memberMaximum],
  }),
  'gw.credit.user.query': accountList(
    "Members below a parent of the caller's line: an agent's own members, or every member of a higher account's line",
  ),
  'gw.credit.agent.export': listExport('agent.query'),
  'gw.credit.user.export': listExport('user.query'),
};

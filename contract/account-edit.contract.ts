import { z } from 'zod';
import {
  backOffice,
  contactParams,
  gameSettingInputSchema,
  gameSettingSchema,
  gameTypeSchema,
  levelSchema,
} from './account-fields.contract';
import { amountSchema, percentSchema } from './amount.contract';
import { idSchema } from './common.contract';
import { ErrorCode } from './errors.contract';
import { defineMethod } from './method.contract';
import { nicknameRule, passwordRule, safeCodeRule } from './rules.contract';

/** Errors any action on a direct child can answer (docs/product.md#direct-parent-and-child, docs/product.md#account-statuses). */
const childActionErrors = [
  ErrorCode.accountNotFound,
  ErrorCode.notDirectRelation,
  ErrorCode.illegalOperation,
  ErrorCode.cannotOperate,
  ErrorCode.agentLineFrozen,
];

/**
 * Fields an edit may change; each left out keeps its value. Limits, share and ratios stay
 * within the parent's (100, rule "above-parent") and above every direct child's (100, rule
 * "below-child"), so the tree never holds a child above its parent. A game type's agent rate
 * and betting ratio do not change while the child's line has unsettled bets of that type
 * (20011, rule "unsettled-bets"; user.rate.modify.allow), nor any rate while frozen ("rates-locked").
 */
const editParams = {
  userId: idSchema,
  nickname: nicknameRule.optional(),
  ...contactParams,
  pointLimit: amountSchema.optional(),
  validAmountRate: percentSchema.optional(),
  gameSettings: z.array(gameSettingInputSchema).max(2).optional(),
};

const flagChange = <F extends string>(summary: string, flag: F, accessCode: number) =>
  defineMethod({
    summary,
    params: z.object({ userId: idSchema }),
    result: z.object({ userId: idSchema, ...({ [flag]: z.boolean() } as Record<F, z.ZodBoolean>) }),
    auth: 'session',
    effect: 'write',
    changesDownline: true,
    rights: { levels: backOffice, accessCode },
    errors: childActionErrors,
  });

const countSchema = z.object({ count: z.number().int().min(0) });

export const accountEditMethods = {
  'gw.credit.agent.profile.edit': defineMethod({
    summary:
      "Edits a direct child agent: nickname, contact, point limit, share, wash-code ratio and game settings, within its parent's and above its children's",
    params: z.object({ ...editParams, agentCommisionRate: percentSchema.optional() }),
    result: z.object({ userId: idSchema }),
    auth: 'session',
    effect: 'write',
    changesDownline: true,
    rights: { levels: [0, 1, 2, 3], accessCode: 3 },
    errors: childActionErrors,
  }),
  'gw.credit.user.profile.edit': defineMethod({
    summary:
      'Edits a member directly below the calling agent: nickname, contact, point limit, wash-code ratio, maximum points winnable and game settings',
    params: z.object({ ...editParams, maxWin: amountSchema.optional() }),
    result: z.object({ userId: idSchema }),
    auth: 'session',
    effect: 'write',
    changesDownline: true,
    rights: { levels: [4], accessCode: 3 },
    errors: childActionErrors,
  }),
  'gw.credit.user.password.reset': defineMethod({
    summary:
      "Sets a direct child's password (and optionally its safe code); the child must change it at next sign-in and its sessions end at once",
    params: z.object({ userId: idSchema, password: passwordRule, safeCode: safeCodeRule.optional() }),
    result: z.object({ userId: idSchema }),
    auth: 'session',
    effect: 'write',
    changesDownline: true,
    rights: { levels: backOffice, accessCode: 3 },
    errors: childActionErrors,
  }),
  'gw.credit.agent.exception.mark': flagChange('Marks a direct child agent as monitored (exception-marked)', 'exceptionMarked', 4),
  'gw.credit.agent.exception.remove': flagChange('Removes the monitored mark of a direct child agent', 'exceptionMarked', 4),
  'gw.credit.user.exception.mark': flagChange('Marks a member directly below the calling agent as monitored', 'exceptionMarked', 4),
  'gw.credit.user.exception.remove': flagChange(
    'Removes the monitored mark of a member directly below the calling agent',
    'exceptionMarked',
    4,
  ),
  'gw.credit.team.bolck': flagChange(
    "Stops betting for every member of a direct child agent's line (the agent's stop-bet)",
    'betStopped',
    4,
  ),
  'gw.credit.team.unbolck': flagChange(
    "Resumes betting in a direct child agent's whole line: clears the stop-bet of that agent and of every agent below it",
    'betStopped',
    4,
  ),
  'gw.credit.agent.stopBet.disable': flagChange(
    "Lifts one direct child agent's own stop-bet; stop-bets of agents below it stay",
    'betStopped',
    4,
  ),
  'gw.credit.user.session.all.kill': defineMethod({
    summary: 'Ends every session of a direct child and of every account of its line',
    params: z.object({ userId: idSchema }),
    result: z.object({ userId: idSchema, ended: z.number().int().min(0) }),
    auth: 'session',
    effect: 'write',
    changesDownline: true,
    rights: { levels: backOffice, accessCode: 4 },
    errors: childActionErrors,
  }),
  'gw.credit.user.rate.modify.allow': defineMethod({
    summary:
      "Whether the caller may change a direct child's rates now: not while the caller or its line is frozen, nor a game type's agent rate and betting ratio while the child's line has unsettled bets of that type",
    params: z.object({ userId: idSchema }),
    // Bets snapshot the rates when they settle (docs/product.md#limits-from-the-parent): a change under an unsettled bet
    // would settle it with rates it was not placed under. lockedGameTypes: the game types whose
    // agent rate and betting ratio may not change now (every type when frozen).
    result: z.object({
      userId: idSchema,
      allowed: z.boolean(),
      reason: z.enum(['frozen', 'unsettled-bets']).nullable(),
      lockedGameTypes: z.array(gameTypeSchema),
    }),
    auth: 'session',
    effect: 'read',
    rights: { levels: backOffice, accessCode: 1 },
    errors: [ErrorCode.accountNotFound, ErrorCode.notDirectRelation],
  }),
  'gw.credit.user.game.switch.get': defineMethod({
    summary: "Which game types an account of the caller's line may play",
    params: z.object({ userId: idSchema }),
    result: z.object({ userId: idSchema, list: z.array(z.object({ gameType: gameTypeSchema, enabled: z.boolean() })) }),
    auth: 'session',
    effect: 'read',
    rights: { levels: backOffice, accessCode: 1 },
    errors: [ErrorCode.accountNotFound],
  }),
  'gw.credit.agent.statistics.query': defineMethod({
    summary:
      "Counts of the downline below an account of the caller's line (the caller by default) by level, status and online, with its total balance",
    params: z.object({ parentId: idSchema.optional() }),
    result: z.object({
      userId: idSchema,
      total: z.number().int().min(0),
      byLevel: z.array(z.object({ level: levelSchema }).extend(countSchema.shape)),
      byStatus: z.array(z.object({ status: z.number().int() }).extend(countSchema.shape)),
      online: z.number().int().min(0),
      betPaused: z.number().int().min(0),
      exceptionMarked: z.number().int().min(0),
      balance: z.string(),
    }),
    auth: 'session',
    effect: 'read',
    rights: { levels: backOffice, accessCode: 1 },
    errors: [ErrorCode.accountNotFound],
  }),
  'gw.credit.user.area.code.get': defineMethod({
    summary: 'Phone country calling codes offered in account forms (region is ISO 3166-1 alpha-2; the client names it in its language)',
    params: z.object({}),
    result: z.object({ list: z.array(z.object({ region: z.string().length(2), code: z.string() })) }),
    auth: 'session',
    effect: 'read',
    rights: { levels: backOffice },
    errors: [],
  }),
  'gw.credit.limitation.list': defineMethod({
    summary: "The site's red-limit presets per game type (minimum and maximum bet; a maximum of 0.00 means unlimited)",
    params: z.object({ gameType: gameTypeSchema.optional() }),
    result: z.object({ list: z.array(z.object({ id: idSchema, gameType: gameTypeSchema, minBet: z.string(), maxBet: z.string() })) }),
    auth: 'session',
    effect: 'read',
    rights: { levels: backOffice },
    errors: [],
  }),
  'gw.credit.currency.list': defineMethod({
    summary: "The site's currencies (ISO 4217), its default first",
    params: z.object({}),
    result: z.object({ list: z.array(z.object({ code: z.string().length(3), isDefault: z.boolean() })) }),
    auth: 'session',
    effect: 'read',
    rights: { levels: backOffice },
    errors: [],
  }),
};

/** What user.profile adds for the edit screen. */
export const profileExtraSchema = z.object({
  betPaused: z.boolean(),
  betStopped: z.boolean(),
  winBlocked: z.boolean(),
  exceptionMarked: z.boolean(),
  /** It has a live session (kick out applies), and failed sign-ins hold its name locked (unlock applies). */
  online: z.boolean(),
  loginLocked: z.boolean(),
  maxWin: z.string(),
  gameSettings: z.array(gameSettingSchema),
});

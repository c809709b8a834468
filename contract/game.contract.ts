import { z } from 'zod';
import { backOffice, companyLevel } from './account-levels.contract';
import { gameTypeSchema } from './account-fields.contract';
import { exclusiveEndSchema, idSchema, pageParams, pageResult, timeParamSchema } from './common.contract';
import { ErrorCode } from './errors.contract';
import { exportFormatSchema } from './job.contract';
import { defineMethod } from './method.contract';

/** A game of the platform's catalogue (docs/product.md#games-and-devices): `baccarat`, `sic-bo`, a slot's name. */
export const gameCodePattern = /^[a-z0-9-]{1,32}$/;
export const gameCodeSchema = z.string().regex(gameCodePattern, 'game-code');

/** The terminal types a member may play from (docs/product.md#games-and-devices). */
export const devices = ['pc', 'h5', 'app'] as const;
export const deviceSchema = z.enum(devices);
export type Device = z.infer<typeof deviceSchema>;

export const gameSchema = z.object({
  gameCode: z.string(),
  gameType: gameTypeSchema,
  /** The platform's name; the client shows its own text for the code when it has one. */
  gameName: z.string(),
  open: z.boolean(),
});
export type Game = z.infer<typeof gameSchema>;

export const betStatuses = ['unsettled', 'settled', 'cancelled', 'resettled'] as const;
export type BetStatus = (typeof betStatuses)[number];

/** The longest range bet records and reports answer (docs/product.md#time-ranges): 93 x 24 h. */
export const BET_MAX_SPAN_DAYS = 93;

/** [startTime, endTime): start before end, at most 93 x 24 h apart (100 "range-over-93-days"). */
const betRangeChecks = <T extends z.ZodType<{ startTime: string; endTime: string }>>(schema: T) =>
  schema
    .refine((p) => Date.parse(p.startTime) < Date.parse(p.endTime), { message: 'start-after-end', path: ['startTime'] })
    .refine((p) => Date.parse(p.endTime) - Date.parse(p.startTime) <= BET_MAX_SPAN_DAYS * 86_400_000, {
      message: 'range-over-93-days',
      path: ['endTime'],
    });

/** An order number is digits only (docs/product.md#validation-rules). */
export const orderIdSchema = z.string().regex(/^[0-9]{1,32}$/, 'digits-only');

/**
 * A bet (docs/product.md#bets). Amounts are amount strings; `winLoss` is the member's (negative
 * when the member lost) = settle - bet + jackpotWon + redPacket. `jackpotRake` is what the stake
 * fed the jackpot pool, `jackpot` the pool when the bet settled, `jackpotWon` what it won from it.
 */
export const betSchema = z.object({
  orderId: z.string(),
  userId: idSchema,
  loginId: z.string(),
  betTime: z.string(),
  settleTime: z.string().nullable(),
  gameCode: z.string(),
  gameType: gameTypeSchema,
  playType: z.string(),
  bet: z.string(),
  validBet: z.string(),
  settle: z.string(),
  winLoss: z.string(),
  status: z.enum(betStatuses),
  betCode: z.string(),
  transactionId: z.string(),
  gameId: z.string(),
  gameName: z.string(),
  /** The round (or spin) the bet was placed in. */
  round: z.string(),
  jackpot: z.string(),
  jackpotWon: z.string(),
  jackpotRake: z.string(),
  redPacket: z.string(),
});
export type Bet = z.infer<typeof betSchema>;

const betFilters = {
  startTime: timeParamSchema,
  endTime: exclusiveEndSchema,
  /** A member, or an agent whose line's bets are wanted. */
  userId: idSchema.optional(),
  orderId: orderIdSchema.optional(),
  gameType: gameTypeSchema.optional(),
  gameCode: gameCodeSchema.optional(),
  status: z.enum(betStatuses).optional(),
};

/** A round (or spin) and its result as the game shows it: `{number, colour}`, `{dice, total}`, cards, reels. */
export const gameRoundSchema = z.object({
  gameCode: z.string(),
  gameId: z.string(),
  round: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  result: z.record(z.string(), z.unknown()),
});
export type GameRound = z.infer<typeof gameRoundSchema>;

const deviceSwitches = z.object({
  userId: idSchema,
  devices: z.object({ pc: z.boolean(), h5: z.boolean(), app: z.boolean() }),
});

export const gameMethods = {
  'gw.credit.bet.query': defineMethod({
    summary:
      "Bets of the caller's line (or of one account's line), newest first, by settlement time (bet time while unsettled): at most 93 x 24 h, with the sums of the whole range (cancelled bets in no sum)",
    params: betRangeChecks(z.object({ ...betFilters, ...pageParams(100) })),
    result: pageResult(betSchema).extend({ sum: z.object({ bet: z.string(), validBet: z.string(), winLoss: z.string() }) }),
    auth: 'session',
    effect: 'read',
    rights: { levels: backOffice, accessCode: 7 },
    errors: [ErrorCode.accountNotFound],
  }),
  'gw.credit.bet.onsite.query': defineMethod({
    summary:
      "Onsite betting: the unsettled bets of the caller's line (or of one account's line), newest first, with their stakes in all and per game",
    params: z.object({
      userId: idSchema.optional(),
      gameType: gameTypeSchema.optional(),
      gameCode: gameCodeSchema.optional(),
      ...pageParams(100),
    }),
    result: pageResult(betSchema).extend({
      sum: z.object({ bet: z.string() }),
      byGame: z.array(
        z.object({ gameCode: z.string(), gameType: gameTypeSchema, gameName: z.string(), count: z.number().int(), bet: z.string() }),
      ),
    }),
    auth: 'session',
    effect: 'read',
    rights: { levels: backOffice, accessCode: 7 },
    errors: [ErrorCode.accountNotFound],
  }),
  'gw.credit.bet.export': defineMethod({
    summary:
      'The bets bet.query answers for the same filters, all pages, as an xlsx or CSV file made by a background job (job.get, then POST /api/files/<fileId>)',
    params: betRangeChecks(z.object({ ...betFilters, format: exportFormatSchema })),
    result: z.object({ jobId: idSchema }),
    auth: 'session',
    effect: 'write',
    rights: { levels: backOffice, accessCode: 7 },
    // 100 with rule "export-too-large": more than MAX_EXPORT_ROWS bets match; narrow the filters.
    errors: [ErrorCode.accountNotFound],
  }),
  'gw.credit.game.result.query': defineMethod({
    summary:
      "Rounds of the platform's tables and machines that ended in the range, newest first, with their results; a round number finds one round",
    params: betRangeChecks(
      z.object({
        startTime: timeParamSchema,
        endTime: exclusiveEndSchema,
        gameCode: gameCodeSchema.optional(),
        gameId: z
          .string()
          .regex(/^[A-Za-z0-9-]{1,32}$/, 'game-id')
          .optional(),
        round: z
          .string()
          .regex(/^[A-Za-z0-9-]{1,40}$/, 'round-number')
          .optional(),
        ...pageParams(100),
      }),
    ),
    result: pageResult(gameRoundSchema),
    auth: 'session',
    effect: 'read',
    rights: { levels: backOffice, accessCode: 7 },
    errors: [],
  }),
  'gw.credit.game.list': defineMethod({
    summary: "The platform's games with whether the caller's site has them open",
    params: z.object({}),
    result: z.object({ list: z.array(gameSchema) }),
    auth: 'session',
    effect: 'read',
    rights: { levels: backOffice },
    errors: [],
  }),
  'gw.credit.game.switch': defineMethod({
    summary: 'Opens or closes a game for the whole site: the platform takes no bet on a closed game (bets already placed settle)',
    params: z.object({ gameCode: gameCodeSchema, open: z.boolean() }),
    result: z.object({ gameCode: z.string(), open: z.boolean() }),
    auth: 'session',
    effect: 'write',
    // Acts for the whole site, so not even a company clerk may (docs/product.md#main-only-methods).
    rights: { levels: [companyLevel], mainOnly: true },
    errors: [ErrorCode.recordNotFound],
  }),
  'gw.credit.user.device.switch.get': defineMethod({
    summary: "The terminal types (pc, h5, app) a member of the caller's line may play from",
    params: z.object({ userId: idSchema }),
    result: deviceSwitches,
    auth: 'session',
    effect: 'read',
    rights: { levels: backOffice, accessCode: 1 },
    errors: [ErrorCode.accountNotFound, ErrorCode.illegalOperation],
  }),
  'gw.credit.user.device.switch.set': defineMethod({
    summary: 'Enables or disables one terminal type for a member directly below the calling agent',
    params: z.object({ userId: idSchema, device: deviceSchema, enabled: z.boolean() }),
    result: deviceSwitches,
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
  }),
};

import { z } from 'zod';
import { backOffice } from './account-levels.contract';
import { levelSchema } from './account-fields.contract';
import { idSchema, isoTimeSchema, timeParamSchema } from './common.contract';
import { ErrorCode } from './errors.contract';
import { betSchema, betStatuses, gameRoundSchema, orderIdSchema } from './game.contract';
import { defineMethod } from './method.contract';
import { pointsSchema } from './points.contract';
import { transferRowSchema } from './transfer.contract';

/**
 * One level of a bet's line, from the top the caller may see down to the member
 * (docs/product.md#shares-and-rebate): `share` is the level's cumulative share p and `rate` its wash-code rate a,
 * both percents as snapshotted when the bet settled; `keeps` is what the level keeps of the bet
 * (the member: its rebate V*m). Null while nothing was snapshotted (unsettled) or the bet counts
 * nowhere (cancelled).
 * - `company`: the company, for a company caller: keeps -W*(1-p1) - V*a1 (share 100, no rate).
 * - `upline`: for an agent caller, every level above it in one row, with no name: what the
 *   caller's line hands up, -W*(1-p) - V*a with the caller's own p and a.
 * - `agent`: an agent level of the line (the caller and below), named.
 * - `member`: the member, with its rate m.
 */
export const betLineLevelSchema = z.object({
  kind: z.enum(['company', 'upline', 'agent', 'member']),
  level: levelSchema,
  userId: idSchema.nullable(),
  loginId: z.string().nullable(),
  share: z.number().nullable(),
  rate: z.number().nullable(),
  keeps: pointsSchema.nullable(),
});
export type BetLineLevel = z.infer<typeof betLineLevelSchema>;

/** The numbers a resettlement replaced (bet_revisions), with when it was replaced. */
export const betRevisionSchema = z.object({
  revisedAt: isoTimeSchema,
  status: z.enum(betStatuses),
  settleTime: z.string().nullable(),
  validBet: pointsSchema,
  settle: pointsSchema,
  winLoss: pointsSchema,
  jackpotWon: pointsSchema,
  redPacket: pointsSchema,
});
export type BetRevision = z.infer<typeof betRevisionSchema>;

export const betDetailSchema = z.object({
  bet: betSchema,
  /** The bet's round with its result; null while the platform has not reported it. */
  round: gameRoundSchema.nullable(),
  line: z.array(betLineLevelSchema),
  /**
   * The game session the bet was placed in (its transactionId) with its transfers in and out,
   * oldest first; null when the site hides finance from the caller, or no such session is known.
   */
  session: z
    .object({
      sessionId: z.string(),
      startTime: isoTimeSchema,
      endTime: isoTimeSchema.nullable(),
      transfers: z.array(transferRowSchema),
    })
    .nullable(),
  /** Whether the session was left out because the site hides finance from the caller. */
  sessionHidden: z.boolean(),
  /** The numbers each resettlement (or cancellation) replaced, oldest first: the bet's own numbers are the latest. */
  revisions: z.array(betRevisionSchema),
});
export type BetDetail = z.infer<typeof betDetailSchema>;

export const betDetailMethods = {
  'gw.credit.bet.detail': defineMethod({
    summary:
      "One bet of the caller's line by its order number (and bet time, when one number has several): every field, its round's result, the member's line with each level's share, rate and part at settlement, its game session's transfers and its resettlements",
    params: z.object({
      orderId: orderIdSchema,
      /** Bets are unique by (orderId, betTime): without it, the newest bet with that number. */
      betTime: timeParamSchema.optional(),
    }),
    result: betDetailSchema,
    auth: 'session',
    effect: 'read',
    // As the bet record; the session's transfers are finance, left out while the site hides it.
    rights: { levels: backOffice, accessCode: 7, financeRows: true },
    // 20049: no such bet, or not of the caller's line (never saying which).
    errors: [ErrorCode.recordNotFound],
  }),
};

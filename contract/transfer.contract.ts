import { z } from 'zod';
import { agentLevel, companyLevel } from './account-levels.contract';
import {
  exclusiveEndSchema,
  idSchema,
  inclusiveEndSchema,
  isoTimeSchema,
  pageParams,
  pageResult,
  timeParamSchema,
} from './common.contract';
import { ErrorCode } from './errors.contract';
import { BET_MAX_SPAN_DAYS } from './game.contract';
import { defineMethod } from './method.contract';
import { pointsSchema, serialSchema } from './points.contract';

/**
 * Transfers between members and the game platform (docs/product.md#wallet-and-transfers). An `in` is pending
 * until the platform confirms it (done), or reversed when the platform never applied it; an
 * `out` is pending until the platform confirms it (done: the member is credited), or failed
 * when the platform never applied it (the points stay at the platform).
 */
export const transferStates = ['pending', 'done', 'reversed', 'failed'] as const;
export const transferStateSchema = z.enum(transferStates);
export type TransferState = z.infer<typeof transferStateSchema>;

/** Our transaction id of a transfer, as the platform keeps it. */
export const transferIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'transfer-id');

export const transferRowSchema = z.object({
  /** Null on the `out` that returns a reversed `in` (it names the `in` in reversalOf). */
  transferId: z.string().nullable(),
  type: z.enum(['in', 'out']),
  userId: idSchema,
  loginId: z.string(),
  amount: pointsSchema,
  state: transferStateSchema,
  /** The score-log row; null for an `out` the platform has not confirmed (nothing credited yet). */
  serialNo: serialSchema.nullable(),
  reversalOf: serialSchema.nullable(),
  /** The game session: the transactionId of its bets. */
  sessionId: z.string(),
  time: isoTimeSchema,
});
export type TransferRow = z.infer<typeof transferRowSchema>;

/** One game session of a member: from its first transfer in to the transfer out that emptied its platform balance. */
export const gameSessionSchema = z.object({
  sessionId: z.string(),
  startTime: isoTimeSchema,
  /** Null while the member is still in the game. */
  endTime: isoTimeSchema.nullable(),
  /** What came in and went out (done transfers; a reversed in and its reversal count in neither). */
  transferIn: pointsSchema,
  transferOut: pointsSchema,
  bets: z.number().int().min(0),
  betAmount: pointsSchema,
  validBet: pointsSchema,
  /** The member's result over the session's settled bets (negative when it lost). */
  winLoss: pointsSchema,
  /** Transfers of the session still waiting for the platform. */
  pending: z.number().int().min(0),
});

export const transferMethods = {
  'gw.credit.player.game.log': defineMethod({
    summary:
      "A member's game log: its game sessions started in [startTime, endTime) (at most 93 days), newest first, each with its transfers in and out and its bets' totals",
    params: z
      .object({ userId: idSchema, startTime: timeParamSchema, endTime: exclusiveEndSchema })
      .extend(pageParams(50))
      .refine((p) => Date.parse(p.startTime) < Date.parse(p.endTime), { message: 'start-after-end', path: ['startTime'] })
      .refine((p) => Date.parse(p.endTime) - Date.parse(p.startTime) <= BET_MAX_SPAN_DAYS * 86_400_000, {
        message: 'range-over-93-days',
        path: ['endTime'],
      }),
    result: pageResult(gameSessionSchema),
    auth: 'session',
    effect: 'read',
    // A session is its transfers in and out: finance as a whole (the bets stay in the bet record).
    rights: { levels: [0, 1, 2, 3, 4], accessCode: 7, finance: true },
    // 100 with rule "not-a-member": the account is an agent.
    errors: [ErrorCode.accountNotFound],
  }),
  'gw.credit.transfer.query': defineMethod({
    summary:
      "Transfers in and out of the game platform of the caller's line (or of one member of it), newest first; state pending lists what the repair has yet to settle",
    params: z
      .object({
        userId: idSchema.optional(),
        type: z.enum(['in', 'out']).optional(),
        state: transferStateSchema.optional(),
        startTime: timeParamSchema.optional(),
        endTime: inclusiveEndSchema.optional(),
      })
      .extend(pageParams(50))
      .refine((p) => p.startTime === undefined || p.endTime === undefined || Date.parse(p.startTime) <= Date.parse(p.endTime), {
        message: 'start-after-end',
        path: ['startTime'],
      }),
    result: pageResult(transferRowSchema).extend({ pending: z.number().int().min(0) }),
    auth: 'session',
    effect: 'read',
    rights: { levels: [0, 1, 2, 3, 4], accessCode: 6, finance: true },
    errors: [ErrorCode.accountNotFound],
  }),
  'gw.credit.transfer.repair': defineMethod({
    summary:
      "Settles a pending transfer from the game platform's own record of its id: an in it applied becomes done, one it never applied is reversed; an out it applied is credited, one it never applied fails. The company, or the member's own agent",
    params: z.object({ transferId: transferIdSchema }),
    result: z.object({ transferId: z.string(), type: z.enum(['in', 'out']), state: transferStateSchema, userId: idSchema }),
    auth: 'session',
    effect: 'write',
    rights: { levels: [companyLevel, agentLevel], accessCode: 5 },
    errors: [
      ErrorCode.accountNotFound,
      ErrorCode.repairPlatformSilent,
      ErrorCode.repairNothingPending,
      ErrorCode.repairRecordDiffers,
      ErrorCode.repairTooEarly,
    ],
  }),
};

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
import { pointsSchema, previewRefusalSchema, previewTokenSchema, serialSchema } from './points.contract';

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

/**
 * What recalling a member's game wallet would do (docs/product.md#recalling-a-game-wallet): the
 * member's whole balance at the game platform asked back as an `out` transfer, and the token the
 * recall carries.
 */
export const recallPreviewSchema = z.object({
  method: z.literal('gw.credit.transfer.recall'),
  userId: idSchema,
  loginId: z.string(),
  /** The member's credit balance at the back office, before and after the wallet comes back. */
  balanceBefore: pointsSchema,
  balanceAfter: pointsSchema,
  /** What the member holds at the game platform, before (null: the platform could not be asked) and after (all of it comes back). */
  walletBefore: pointsSchema.nullable(),
  walletAfter: pointsSchema.nullable(),
  /** The member's open game session, null when none. */
  sessionId: z.string().nullable(),
  /** Every rule that would refuse the recall now (20061, 37165, 37112, 37162); empty when it would apply. */
  refusals: z.array(previewRefusalSchema),
  token: previewTokenSchema,
  expiresAt: isoTimeSchema,
});
export type RecallPreview = z.infer<typeof recallPreviewSchema>;

/** Who may recall a member's game wallet: the company and every agent above the member, clerks with the score right (5). */
const recallRights = { levels: [0, 1, 2, 3, 4], accessCode: 5 } as const;
/** The refusals a recall answers besides 20002 and 100 (not-a-member); its preview lists them instead. */
const recallRefusals = [
  ErrorCode.cannotOperate,
  ErrorCode.agentLineFrozen,
  ErrorCode.platformPaused,
  ErrorCode.repairTooEarly,
  ErrorCode.platformBalanceLow,
  ErrorCode.repairPlatformSilent,
];

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
  'gw.credit.transfer.recall.preview': defineMethod({
    summary:
      "What recalling a member's game wallet would do, writing nothing: its credit balance and its balance at the game platform before and after, every rule that would refuse it (platform paused, an unsettled transfer, nothing at the platform), and a token (2 minutes) the recall carries so that it applies only what was shown (20060 otherwise)",
    params: z.object({ userId: idSchema }),
    result: recallPreviewSchema,
    auth: 'session',
    effect: 'read',
    rights: recallRights,
    // 100 with rule "not-a-member": the account is an agent. Every other rule is in `refusals`.
    errors: [ErrorCode.accountNotFound],
  }),
  'gw.credit.transfer.recall': defineMethod({
    summary:
      "Asks the game platform for a member's whole wallet back, as an out transfer through the transfer path: the request first, the member credited only on the platform's confirmation (a lost answer leaves it pending for the repair). The company or an agent above the member; with a preview's token, only what that preview showed (20060 otherwise)",
    params: z.object({
      userId: idSchema,
      /** The token of the recall preview the user confirmed: when given, the recall applies only while that preview still holds (20060). */
      previewToken: previewTokenSchema.optional(),
    }),
    result: z.object({
      transferId: transferIdSchema,
      /** done: credited; pending: the platform's answer was lost, the repair settles it from its record. */
      state: transferStateSchema,
      amount: pointsSchema,
      /** The score-log row of the credit; null while pending. */
      serialNo: serialSchema.nullable(),
      /** The member's credit balance after. */
      balance: pointsSchema,
    }),
    auth: 'session',
    effect: 'write',
    changesDownline: true,
    rights: recallRights,
    errors: [ErrorCode.accountNotFound, ...recallRefusals, ErrorCode.previewStale],
  }),
};

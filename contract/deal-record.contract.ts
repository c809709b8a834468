import { z } from 'zod';
import { backOffice } from './account-levels.contract';
import { exclusiveEndSchema, idSchema, isoTimeSchema, pageParams, pageResult, timeParamSchema } from './common.contract';
import { ErrorCode } from './errors.contract';
import { defineMethod } from './method.contract';
import { pointsSchema } from './points.contract';

/** The longest range one deal record reads: a month of a busy member's bets stays one indexed read. */
export const DEAL_RECORD_MAX_DAYS = 31;

/** A row of the deal record: one point movement (a score-log type) or one bet's settlement. */
export const dealKinds = ['issue', 'up', 'down', 'in', 'out', 'bet'] as const;
export type DealKind = (typeof dealKinds)[number];

export const dealRowSchema = z.object({
  kind: z.enum(dealKinds),
  time: isoTimeSchema,
  /** The serial number of a movement, the order id of a bet. */
  reference: z.string(),
  /** A movement's state (done, pending, reversed) or a bet's status (settled, resettled). */
  state: z.string(),
  /** The other side: the parent or child of a score, the game wallet of a transfer, the game of a bet. */
  counterpart: z.string(),
  /** What the row did to the account's back-office balance (signed; 0.00 for a bet). */
  change: pointsSchema,
  /** The back-office balance after the row. */
  balance: pointsSchema,
  /** What the row did to the member's balance at the game platform (signed): transfers and bets' win/loss. */
  platformChange: pointsSchema,
  /** The member's balance at the platform after the row, from its transfers and settled bets; null for an agent. */
  platformBalance: pointsSchema.nullable(),
  /** A bet's stake; null for a movement. */
  stake: pointsSchema.nullable(),
  /** A movement's comment, a bet's game and round. */
  detail: z.string(),
  /** A bet's game code, bet code and round, for the screen to name them; null for a movement. */
  bet: z.object({ gameCode: z.string(), betCode: z.string(), round: z.string() }).nullable(),
});
export type DealRow = z.infer<typeof dealRowSchema>;

export const dealRecordMethods = {
  'gw.credit.deal.record.query': defineMethod({
    summary:
      "Deal record: one account of the caller's line, every point movement and bet settlement of a range (at most 31 x 24 h) in time order, with the back-office balance and the platform balance as running columns",
    params: z
      .object({ userId: idSchema, startTime: timeParamSchema, endTime: exclusiveEndSchema, ...pageParams(200) })
      .refine((p) => Date.parse(p.startTime) < Date.parse(p.endTime), { message: 'start-after-end', path: ['startTime'] })
      .refine((p) => Date.parse(p.endTime) - Date.parse(p.startTime) <= DEAL_RECORD_MAX_DAYS * 86_400_000, {
        message: 'range-over-31-days',
        path: ['endTime'],
      }),
    result: pageResult(dealRowSchema).extend({
      loginId: z.string(),
      level: z.number().int().min(0).max(5),
      /** The balances before the range's first row. */
      opening: z.object({ balance: pointsSchema, platformBalance: pointsSchema.nullable() }),
    }),
    auth: 'session',
    effect: 'read',
    // The score log's rights (code 6), and a finance screen (system.finance.isvisit).
    rights: { levels: backOffice, accessCode: 6, finance: true },
    errors: [ErrorCode.accountNotFound],
  }),
};

import { z } from 'zod';
import { backOffice } from './account-levels.contract';
import { idSchema, isoTimeSchema, pageParams, pageResult } from './common.contract';
import { ErrorCode } from './errors.contract';
import { defineMethod } from './method.contract';
import { pointsSchema } from './points.contract';

/** Whose open exposure a row sums: one member, or one direct child's whole line. */
export const exposureViews = ['member', 'line'] as const;

export const exposureRowSchema = z.object({
  userId: idSchema,
  loginId: z.string(),
  level: z.number().int().min(1).max(5),
  /** A member's agent, or the line's own parent (the caller). */
  parentLoginId: z.string(),
  /** Unsettled bets in it. */
  bets: z.number().int().min(0),
  /** What they stake, still at risk until settled. */
  stake: pointsSchema,
  /** The largest single stake among them. */
  largest: pointsSchema,
  latestBetTime: isoTimeSchema,
});
export type ExposureRow = z.infer<typeof exposureRowSchema>;

export const exposureMethods = {
  'gw.credit.exposure.query': defineMethod({
    summary:
      "Exposure rating: the open (unsettled) stakes of the caller's line, per member or per direct child's line, worst first, with the line's total",
    params: z.object({ view: z.enum(exposureViews).default('member'), userId: idSchema.optional(), ...pageParams(100) }),
    result: pageResult(exposureRowSchema).extend({ sum: z.object({ bets: z.number().int().min(0), stake: pointsSchema }) }),
    auth: 'session',
    effect: 'read',
    // Code 6 (docs/product.md#access-codes); a finance screen (system.finance.isvisit).
    rights: { levels: backOffice, accessCode: 6, finance: true },
    errors: [ErrorCode.accountNotFound],
  }),
};

import { z } from 'zod';
import { idSchema, isoTimeSchema } from './common.contract';
import { ErrorCode } from './errors.contract';
import { defineMethod } from './method.contract';

/**
 * Time-outs and self-exclusions of members (docs/product.md#time-outs-and-self-exclusion): an
 * agent of the member's line or the company stops the member for a period. While it holds, no
 * score up reaches the member (20062) and the game platform refuses its bets; setting it recalls
 * the member's game wallet.
 */

/** How long: a day, a week, 30 days, six months, or for good. */
export const exclusionPeriods = ['24h', '7d', '30d', '6m', 'permanent'] as const;
export type ExclusionPeriod = (typeof exclusionPeriods)[number];
export const exclusionKinds = ['time-out', 'self-exclusion'] as const;
/** Why: the member asked, the operator judged it, the company's responsible-gaming rules, or another reason (told in the note). */
export const exclusionReasons = ['member-request', 'operator-concern', 'responsible-gaming', 'other'] as const;

/** The end of a period that starts at `from`; null for permanent. Six months are calendar months (UTC). */
export function exclusionEnd(period: ExclusionPeriod, from: Date): Date | null {
  const day = 86_400_000;
  switch (period) {
    case '24h':
      return new Date(from.getTime() + day);
    case '7d':
      return new Date(from.getTime() + 7 * day);
    case '30d':
      return new Date(from.getTime() + 30 * day);
    case '6m': {
      const end = new Date(from.getTime());
      end.setUTCMonth(end.getUTCMonth() + 6);
      return end;
    }
    case 'permanent':
      return null;
  }
}

export const exclusionSchema = z.object({
  userId: idSchema,
  loginId: z.string(),
  kind: z.enum(exclusionKinds),
  reason: z.enum(exclusionReasons),
  note: z.string(),
  setById: idSchema,
  setByLogin: z.string(),
  setterLevel: z.number().int().min(0).max(4),
  setAt: isoTimeSchema,
  /** null: permanent. */
  until: isoTimeSchema.nullable(),
});
export type Exclusion = z.infer<typeof exclusionSchema>;

/** The company and every agent above the member, clerks with the score right (5): the same as a score up. */
const exclusionRights = { levels: [0, 1, 2, 3, 4], accessCode: 5 } as const;

export const exclusionMethods = {
  'gw.credit.user.exclusion.set': defineMethod({
    summary:
      "Sets a time-out or self-exclusion on a member of the caller's line, or changes the end of the one in force: a later end (lengthening) by anyone allowed, an earlier one only by its setter or an account above it (20063), a permanent one's only by the company (20064). Setting it recalls the member's game wallet (recall: its outcome; a silent platform leaves it pending for the repair) and the platform is told to refuse the member's bets",
    params: z.object({
      userId: idSchema,
      period: z.enum(exclusionPeriods),
      kind: z.enum(exclusionKinds),
      reason: z.enum(exclusionReasons),
      note: z.string().max(500).optional(),
    }),
    result: z.object({
      exclusion: exclusionSchema,
      /** set: none was in force; lengthened or shortened: the one in force got a new end. */
      change: z.enum(['set', 'lengthened', 'shortened']),
      /** The wallet's recall: done, pending (the repair settles it), failed (the platform refused it), none (nothing there), or the code that refused it. */
      recall: z.object({
        state: z.enum(['done', 'pending', 'failed', 'reversed', 'none', 'refused']),
        amount: z.string(),
        code: z.number().int().nullable(),
      }),
    }),
    auth: 'session',
    effect: 'write',
    changesDownline: true,
    rights: exclusionRights,
    errors: [ErrorCode.accountNotFound, ErrorCode.exclusionNotYours, ErrorCode.exclusionPermanent],
  }),
  'gw.credit.user.exclusion.lift': defineMethod({
    summary:
      'Lifts the time-out or self-exclusion in force on a member: only its setter or an account above it (20063); a permanent one only the company (20064); 20065 when none is in force',
    params: z.object({ userId: idSchema }),
    result: z.object({ userId: idSchema, liftedAt: isoTimeSchema }),
    auth: 'session',
    effect: 'write',
    changesDownline: true,
    rights: exclusionRights,
    errors: [ErrorCode.accountNotFound, ErrorCode.exclusionNotYours, ErrorCode.exclusionPermanent, ErrorCode.exclusionNone],
  }),
  'gw.credit.user.exclusion.list': defineMethod({
    summary: 'Every time-out and self-exclusion in force on the site, the soonest end first (permanent ones last); the company only',
    params: z.object({}),
    result: z.object({ list: z.array(exclusionSchema) }),
    auth: 'session',
    effect: 'read',
    rights: { levels: [0] },
    errors: [],
  }),
};

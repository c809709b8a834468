import { z } from 'zod';
import { idSchema, isoTimeSchema, pageParams, pageResult } from './common.contract';
import { ErrorCode } from './errors.contract';
import { defineMethod } from './method.contract';
import { pointsSchema } from './points.contract';

/**
 * Reconciliation with the game platform (docs/operations.md, "Reconciliation"): the runs of the
 * reconciliation job, each site's platform statement against our bets and transfers, their
 * differences with the rows of both sides, and what was done about each.
 */
export const differenceClasses = ['missing', 'late', 'mismatched', 'duplicate'] as const;
export type DifferenceClassName = (typeof differenceClasses)[number];
export const differenceSubjects = ['bets', 'transfer', 'wallet'] as const;
export const runStates = ['clean', 'differences', 'failed'] as const;
/** The longest note a resolution keeps. */
export const RESOLUTION_NOTE_MAX = 500;

export const reconciliationRunSchema = z.object({
  runId: idSchema,
  kind: z.enum(['daily', 'intraday']),
  /** The statement's window: from (included) to the cut-off (excluded). */
  from: isoTimeSchema,
  to: isoTimeSchema,
  startedAt: isoTimeSchema,
  state: z.enum(runStates),
  /** What the statement held: groups of bets (a member at a game), transfers, wallets. */
  betGroups: z.number().int().min(0),
  transfers: z.number().int().min(0),
  wallets: z.number().int().min(0),
  differences: z.number().int().min(0),
  /** Differences of the run not resolved yet. */
  open: z.number().int().min(0),
  /** Why a failed run could not read the statement. */
  error: z.string().nullable(),
});
export type ReconciliationRun = z.infer<typeof reconciliationRunSchema>;

/** A side's row as it was read: field names and values as the statement or our records have them (amounts in cents, as text). */
const sideRowSchema = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).nullable();

export const reconciliationDifferenceSchema = z.object({
  differenceId: idSchema,
  runId: idSchema,
  class: z.enum(differenceClasses),
  subject: z.enum(differenceSubjects),
  /** What it is about: "member/game" for bets, the transfer id, the member for a wallet. */
  ref: z.string(),
  memberId: idSchema.nullable(),
  /** The member's login name, when it is one of ours. */
  memberLogin: z.string().nullable(),
  platformRow: sideRowSchema,
  ourRow: sideRowSchema,
  /** What was done about it: resolved with a note, by whom and when (null while open). */
  resolvedAt: isoTimeSchema.nullable(),
  resolvedBy: z.string().nullable(),
  note: z.string().nullable(),
});
export type ReconciliationDifference = z.infer<typeof reconciliationDifferenceSchema>;

/**
 * The in-flight view (docs/operations.md, "In-flight transfers"): transfers between members and the
 * platform not settled yet (an `in` pending, an `out` requested and not confirmed), by age. Each
 * bucket holds the ages from its `from` (included) to the next bucket's (excluded), in seconds.
 */
export const inFlightBuckets = [
  { bucket: 'under1m', from: 0 },
  { bucket: '1to10m', from: 60 },
  { bucket: '10to60m', from: 600 },
  { bucket: 'over1h', from: 3600 },
] as const;
export type InFlightBucket = (typeof inFlightBuckets)[number]['bucket'];
const bucketNames = inFlightBuckets.map((entry) => entry.bucket) as [InFlightBucket, ...InFlightBucket[]];
/** The overdue transfers listed at most, oldest first (`overdueCount` counts them all). */
export const IN_FLIGHT_LISTED_MAX = 200;

const countAndSum = { count: z.number().int().min(0), amount: pointsSchema };
const inFlightDirectionSchema = z.object({
  ...countAndSum,
  /** One entry per bucket, in inFlightBuckets' order (zero counts included). */
  buckets: z.array(z.object({ bucket: z.enum(bucketNames), ...countAndSum })),
});

export const overdueTransferSchema = z.object({
  transferId: z.string(),
  direction: z.enum(['in', 'out']),
  memberId: idSchema,
  memberLogin: z.string(),
  amount: pointsSchema,
  /** When the transfer began (an `in` written, an `out` asked), and its age then in whole seconds. */
  since: isoTimeSchema,
  ageSeconds: z.number().int().min(0),
});
export type OverdueTransfer = z.infer<typeof overdueTransferSchema>;

export const inFlightSchema = z.object({
  siteId: z.string(),
  /** The site's transfer alert (system settings): a transfer unsettled longer is overdue. */
  alertMinutes: z.number().int().min(1),
  /** The age of the oldest unsettled transfer in whole seconds (null: everything settled). */
  oldestSeconds: z.number().int().min(0).nullable(),
  in: inFlightDirectionSchema,
  out: inFlightDirectionSchema,
  overdueCount: z.number().int().min(0),
  overdue: z.array(overdueTransferSchema).max(IN_FLIGHT_LISTED_MAX),
});
export type InFlight = z.infer<typeof inFlightSchema>;

// The company and the first level, holding the score log's code (6): points movements against the platform's.
const reconcilers = { levels: [0, 1], accessCode: 6 } as const;

export const reconciliationMethods = {
  'gw.credit.reconciliation.run.query': defineMethod({
    summary:
      "The site's reconciliation runs, newest first, with what each compared and found; `completeTo`: the cut-off of the last clean run (the records agree with the platform's up to it)",
    params: z.object({ state: z.enum(runStates).optional(), ...pageParams(50) }),
    result: pageResult(reconciliationRunSchema).extend({ completeTo: isoTimeSchema.nullable() }),
    auth: 'session',
    effect: 'read',
    rights: reconcilers,
    errors: [],
  }),
  'gw.credit.reconciliation.difference.query': defineMethod({
    summary: "A run's differences with the rows of both sides, open ones first; 20049 when the run is not the site's",
    params: z.object({ runId: idSchema, open: z.boolean().optional(), ...pageParams(100) }),
    result: pageResult(reconciliationDifferenceSchema),
    auth: 'session',
    effect: 'read',
    rights: reconcilers,
    errors: [ErrorCode.recordNotFound],
  }),
  'gw.credit.reconciliation.difference.resolve': defineMethod({
    summary:
      'Marks a difference resolved with a note saying what was done (kept with it and in the operation record); 20049 when it is not the site\'s, 20011 (rule "already-resolved") when it was resolved before',
    params: z.object({ differenceId: idSchema, note: z.string().trim().min(1).max(RESOLUTION_NOTE_MAX) }),
    result: z.object({ differenceId: idSchema, resolvedAt: isoTimeSchema, resolvedBy: z.string() }),
    auth: 'session',
    effect: 'write',
    rights: reconcilers,
    errors: [ErrorCode.recordNotFound, ErrorCode.illegalOperation],
  }),
  'gw.credit.reconciliation.inflight.query': defineMethod({
    summary:
      "The site's transfers with the platform not settled yet (pending `in`, unconfirmed `out`): count and sum per direction by age, the oldest one's age, and those older than the site's transfer alert, oldest first",
    params: z.object({}),
    result: inFlightSchema,
    auth: 'session',
    effect: 'read',
    rights: reconcilers,
    errors: [],
  }),
  'gw.credit.reconciliation.run.start': defineMethod({
    summary: "Runs the reconciliation of today (Beijing) now, from the day's start to a minute ago, as the job would; answers the run",
    params: z.object({}),
    result: reconciliationRunSchema,
    auth: 'session',
    effect: 'write',
    rights: reconcilers,
    errors: [],
  }),
};

import { z } from 'zod';
import { positiveAmountSchema } from './amount.contract';
import { idSchema, inclusiveEndSchema, isoTimeSchema, pageParams, pageResult, timeParamSchema } from './common.contract';
import { ErrorCode } from './errors.contract';
import { exportFormatSchema } from './job.contract';
import { defineMethod } from './method.contract';

/** Score-log types (docs/product.md#score-log): up, down, transfer in, transfer out, and the company's issuance. */
export const scoreTypes = ['up', 'down', 'in', 'out', 'issue'] as const;
export const scoreTypeSchema = z.enum(scoreTypes);

/** A comment holds at most 100 characters (code points, as the database counts them). */
export const COMMENT_MAX = 100;
export const commentSchema = z
  .string()
  .max(COMMENT_MAX * 2, 'comment-too-long')
  .refine((text) => [...text].length <= COMMENT_MAX, { message: 'comment-too-long' })
  .default('');

/** Amounts answered by the ledger: strings with exactly two decimals ("1000.00"). */
export const pointsSchema = z.string().regex(/^-?[0-9]+\.[0-9]{2}$/);
/** Serial numbers come from a per-site counter; strings like every other id on the wire, within the column's bigint. */
export const serialSchema = z
  .string()
  .regex(/^[1-9][0-9]{0,18}$/)
  .refine((text) => text.length < 19 || text <= '9223372036854775807', 'id-range');

/** How long a preview's token holds (docs/product.md#previews). */
export const PREVIEW_TTL_MS = 2 * 60 * 1000;
/** A preview's token: its version, its expiry (ms since 1970, base 36) and its HMAC-SHA256 (base64url). */
export const previewTokenSchema = z.string().regex(/^v1\.[0-9a-z]{1,12}\.[A-Za-z0-9_-]{43}$/, 'preview-token');

const transferParams = z.object({
  userId: idSchema,
  amount: positiveAmountSchema,
  comment: commentSchema,
  /** The token of the preview the user confirmed: when given, the action applies only while that preview still holds (20060). */
  previewToken: previewTokenSchema.optional(),
});

/** One side of a previewed movement: the account, its role in it and its balance before and after. */
export const previewPostingSchema = z.object({
  userId: idSchema,
  loginId: z.string(),
  role: z.enum(['operator', 'target']),
  before: pointsSchema,
  after: pointsSchema,
});

/** A rule that would refuse the previewed action: its catalogue code and message (in the caller's language). */
export const previewRefusalSchema = z.object({
  code: z.number().int(),
  message: z.string(),
  data: z.object({ field: z.string().optional(), rule: z.string().optional() }).optional(),
});

/** What a score up or down would do (docs/product.md#previews), and the token its action carries. */
export const scorePreviewSchema = z.object({
  method: z.enum(['gw.credit.user.score.up', 'gw.credit.user.score.down']),
  userId: idSchema,
  amount: pointsSchema,
  comment: z.string(),
  /** The caller's side first (the operator), then the account acted on. */
  postings: z.array(previewPostingSchema),
  /** The target's point limit and what it leaves above the target's balance before and after (a score up may not go below 0.00). */
  pointLimit: pointsSchema,
  limitLeftBefore: pointsSchema,
  limitLeftAfter: pointsSchema,
  /** Every rule that would refuse the action now; empty when it would apply. */
  refusals: z.array(previewRefusalSchema),
  token: previewTokenSchema,
  expiresAt: isoTimeSchema,
});
export type ScorePreview = z.infer<typeof scorePreviewSchema>;

/** The bill's numbers a close freezes (docs/product.md#the-bill), as the close answers them. */
const closedNumbers = {
  /** The agent's balance at the close, kept as it is. */
  balance: pointsSchema,
  /** What the period keeps: its bets, valid bet, members' win/loss and what the line handed up. */
  bets: z.number().int(),
  validAmount: pointsSchema,
  valueWonLose: pointsSchema,
  agentToCompany: pointsSchema,
};

/** What a close of a direct child agent's settlement period would write (docs/product.md#previews), and the token its action carries. */
export const closePreviewSchema = z.object({
  method: z.literal('gw.credit.agent.to.company.acc.reset'),
  userId: idSchema,
  loginId: z.string(),
  /** The period the close would end: from the end of the last closed one (or the agent's creation) to the start of today (Beijing). */
  periodStart: isoTimeSchema,
  periodEnd: isoTimeSchema,
  /** The last closed period's settlement, null when none was closed yet. */
  lastSettlementId: idSchema.nullable(),
  ...closedNumbers,
  /**
   * The agent-to-company limit of each game type (0.00: none), what the open period used of it
   * up to now and what it leaves (null without a limit): the close ends that period, so the stop
   * is judged again by today's bets alone.
   */
  companyLimits: z.array(
    z.object({ gameType: z.enum(['live', 'electronic']), limit: pointsSchema, used: pointsSchema, left: pointsSchema.nullable() }),
  ),
  /** Every rule that would refuse the close now (20052 closed today, ...); empty when it would apply. */
  refusals: z.array(previewRefusalSchema),
  token: previewTokenSchema,
  expiresAt: isoTimeSchema,
});
export type ClosePreview = z.infer<typeof closePreviewSchema>;

/**
 * The answer to a score up or down: `before`/`after` are the target's balance, the operator's
 * side (the caller's main account, the parent) is `operatorBefore`/`operatorAfter`.
 */
export const transferResultSchema = z.object({
  serialNo: serialSchema,
  amount: pointsSchema,
  before: pointsSchema,
  after: pointsSchema,
  operatorBefore: pointsSchema,
  operatorAfter: pointsSchema,
});

const transferErrors = [
  ErrorCode.accountNotFound,
  ErrorCode.notDirectRelation,
  ErrorCode.targetStatusForbidsScore,
  ErrorCode.operatorStatusForbidsScore,
  ErrorCode.operatorBalanceLow,
  ErrorCode.setPointsTooFrequent,
  ErrorCode.previewStale,
];

export const scoreLogRowSchema = z.object({
  serialNo: serialSchema,
  /** Where the points came from: null for an issue. */
  fromUserId: idSchema.nullable(),
  fromLoginId: z.string().nullable(),
  /** Where the points went (the recipient). */
  toUserId: idSchema,
  toLoginId: z.string(),
  type: scoreTypeSchema,
  amount: pointsSchema,
  /** Balance of the account the operation targeted (the child; the company for an issue). */
  before: pointsSchema,
  after: pointsSchema,
  /** Balance of the parent side; null for an issue. */
  operatorBefore: pointsSchema.nullable(),
  operatorAfter: pointsSchema.nullable(),
  /**
   * The same balances by account, as the log's columns name them: the score account's (from; null
   * for an issue) and the recipient's (to). The target is the recipient of an up, an out and an
   * issue, but the score account of a down and an in, so before/after alone name the wrong side.
   */
  fromBefore: pointsSchema.nullable(),
  fromAfter: pointsSchema.nullable(),
  toBefore: pointsSchema,
  toAfter: pointsSchema,
  /** The login that acted: a sub-account's when one did (its id in operatorSubAccountId), else the main account's. */
  operator: z.string(),
  operatorSubAccountId: idSchema.nullable(),
  /** The main account the operator acted for (the operator itself when no sub-account acted). */
  mainUserId: idSchema,
  operatorIp: z.string(),
  time: isoTimeSchema,
  comment: z.string(),
  /** Transfers to the game platform (in, out): pending until the platform confirms an in, reversed when it never applied it. */
  state: z.enum(['pending', 'done', 'reversed']),
  /** On the out that returns a reversed in: that in's serial. */
  reversalOf: serialSchema.nullable(),
  /** The platform's transaction id of a transfer (in, out); null for other types and for a reversal. */
  transferId: z.string().nullable(),
});

/** The filters of the score log, shared by the query and the export. */
/** The set-score risk search's bounds (docs/product.md#set-score-risk-search): whole points of at least 1000. */
export const RISK_AMOUNT_MIN = 1000;
const riskBoundSchema = z.number().int().min(RISK_AMOUNT_MIN, 'risk-amount').max(1_000_000_000_000, 'risk-amount');

const scoreLogFilters = z.object({
  userId: idSchema.optional(),
  type: scoreTypeSchema.optional(),
  startTime: timeParamSchema.optional(),
  endTime: inclusiveEndSchema.optional(),
  order: z.enum(['asc', 'desc']).default('desc'),
  /** Set-score risk search: only operations whose amount lies between these whole points (inclusive). */
  minAmount: riskBoundSchema.optional(),
  maxAmount: riskBoundSchema.optional(),
});
type ScoreLogChecked = { startTime?: string; endTime?: string; minAmount?: number; maxAmount?: number };
const startNotAfterEnd = (p: ScoreLogChecked) =>
  p.startTime === undefined || p.endTime === undefined || Date.parse(p.startTime) <= Date.parse(p.endTime);
const startAfterEndIssue = { message: 'start-after-end', path: ['startTime'] };
const minBelowMax = (p: ScoreLogChecked) => p.minAmount === undefined || p.maxAmount === undefined || p.minAmount < p.maxAmount;
const minBelowMaxIssue = { message: 'min-below-max', path: ['maxAmount'] };

export const pointsMethods = {
  'gw.credit.score.issue': defineMethod({
    summary: 'The company\'s audited issuance: the only way points come into existence; logged as type "issue"',
    params: z.object({ amount: positiveAmountSchema, comment: commentSchema }),
    result: z.object({ serialNo: serialSchema, before: pointsSchema, after: pointsSchema }),
    auth: 'session',
    effect: 'write',
    // Issuance acts for the whole company: never a sub-account's, whatever its codes.
    rights: { levels: [0], accessCode: 5, mainOnly: true },
    errors: [ErrorCode.operatorStatusForbidsScore],
  }),
  'gw.credit.user.score.up': defineMethod({
    summary: 'Moves points from the caller to a direct child (agent or member) in one transaction with its score-log row',
    params: transferParams,
    result: transferResultSchema,
    auth: 'session',
    effect: 'write',
    changesDownline: true,
    rights: { levels: [0, 1, 2, 3, 4], accessCode: 5 },
    // 20030 (rule "above-point-limit"): the point limit caps the balance a score up leaves.
    errors: [...transferErrors, ErrorCode.setScoreFailed, ErrorCode.memberExcluded],
  }),
  'gw.credit.user.score.down': defineMethod({
    summary: 'Moves points from a direct child back to the caller; a member in a game cannot be scored down (20032)',
    params: transferParams,
    result: transferResultSchema,
    auth: 'session',
    effect: 'write',
    changesDownline: true,
    rights: { levels: [0, 1, 2, 3, 4], accessCode: 5 },
    errors: [...transferErrors, ErrorCode.targetBalanceLow, ErrorCode.onlinePlayerScoreDown],
  }),
  'gw.credit.user.score.preview': defineMethod({
    summary:
      'What a score up or down would do, writing nothing: both postings with their balances before and after, the point limit left, every rule that would refuse it, and a token (2 minutes) its action carries so that it applies only what was shown (20060 otherwise)',
    params: z.object({ direction: z.enum(['up', 'down']), userId: idSchema, amount: positiveAmountSchema, comment: commentSchema }),
    result: scorePreviewSchema,
    auth: 'session',
    effect: 'read',
    // The action's own rights: a preview tells nothing its caller could not do.
    rights: { levels: [0, 1, 2, 3, 4], accessCode: 5 },
    // Only an account outside the line or not a direct child is refused: every other rule is in `refusals`.
    errors: [ErrorCode.accountNotFound, ErrorCode.notDirectRelation],
  }),
  'gw.credit.score.log.query': defineMethod({
    summary: "Score-log rows of the caller's line (or of one account of it, both sides), newest first by default",
    params: scoreLogFilters.extend(pageParams(100)).refine(startNotAfterEnd, startAfterEndIssue).refine(minBelowMax, minBelowMaxIssue),
    result: pageResult(scoreLogRowSchema),
    auth: 'session',
    effect: 'read',
    rights: { levels: [0, 1, 2, 3, 4], accessCode: 6, finance: true },
    errors: [ErrorCode.accountNotFound],
  }),
  'gw.credit.score.log.export': defineMethod({
    summary:
      'The rows score.log.query answers for the same filters, all pages, as an xlsx or CSV file made by a background job: job.get reports the rows written and, when done, the fileId for POST /api/files/<fileId> (kept 24 hours)',
    params: scoreLogFilters
      .extend({ format: exportFormatSchema })
      .refine(startNotAfterEnd, startAfterEndIssue)
      .refine(minBelowMax, minBelowMaxIssue),
    result: z.object({ jobId: idSchema }),
    auth: 'session',
    effect: 'write',
    rights: { levels: [0, 1, 2, 3, 4], accessCode: 6, finance: true },
    // 100 with rule "export-too-large": more than MAX_EXPORT_ROWS rows match; narrow the filters.
    errors: [ErrorCode.accountNotFound],
  }),
  'gw.credit.agent.to.company.acc.reset': defineMethod({
    summary:
      "Closes the settlement period of a direct child agent at the start of today (Beijing): one settlement row from the end of its last period, keeping what the agent's line did in it (the bill); balances are kept. 20052 (rule closed-today) when today's period is already closed; with a preview's token, only what that preview showed (20060 otherwise)",
    params: z.object({
      userId: idSchema,
      /** The token of the close preview the user confirmed: when given, the close applies only while that preview still holds (20060). */
      previewToken: previewTokenSchema.optional(),
    }),
    result: z.object({
      settlementId: idSchema,
      userId: idSchema,
      periodStart: isoTimeSchema,
      periodEnd: isoTimeSchema,
      ...closedNumbers,
    }),
    auth: 'session',
    effect: 'write',
    changesDownline: true,
    rights: { levels: [0, 1, 2, 3], accessCode: 5 },
    errors: [
      ErrorCode.accountNotFound,
      ErrorCode.notDirectRelation,
      ErrorCode.illegalOperation,
      ErrorCode.cannotOperate,
      ErrorCode.agentLineFrozen,
      ErrorCode.periodClosedToday,
      ErrorCode.previewStale,
    ],
  }),
  'gw.credit.agent.to.company.acc.reset.preview': defineMethod({
    summary:
      "What closing a direct child agent's settlement period would write, writing nothing: the period, the bill's numbers it would freeze, the agent-to-company limits, every rule that would refuse it (20052 closed today, ...), and a token (2 minutes) the close carries so that it freezes only what was shown (20060 otherwise)",
    params: z.object({ userId: idSchema }),
    result: closePreviewSchema,
    auth: 'session',
    effect: 'read',
    // The close's own rights: a preview tells nothing its caller could not do.
    rights: { levels: [0, 1, 2, 3], accessCode: 5 },
    // Only an account outside the line or not a direct child is refused: every other rule is in `refusals`.
    errors: [ErrorCode.accountNotFound, ErrorCode.notDirectRelation],
  }),
};

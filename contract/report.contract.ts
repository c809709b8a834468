import { z } from 'zod';
import { backOffice } from './account-levels.contract';
import { gameTypeSchema } from './account-fields.contract';
import { exclusiveEndSchema, idSchema, isoTimeSchema, timeParamSchema } from './common.contract';
import { ErrorCode } from './errors.contract';
import { DAY_MS, isBeijingDayStart } from './beijing-time.contract';
import { BET_MAX_SPAN_DAYS, gameCodeSchema } from './game.contract';
import { defineMethod } from './method.contract';
import { pointsSchema } from './points.contract';

/**
 * A report's range (docs/product.md#time-ranges): whole Beijing days [startTime, endTime), given as the
 * UTC instants of their boundaries, at most 93 of them; the rollups hold days, so a time inside
 * a day is refused (100, "beijing-day"). Optionally one game type or one game.
 */
const rangeShape = {
  startTime: timeParamSchema,
  endTime: exclusiveEndSchema,
  gameType: gameTypeSchema.optional(),
  gameCode: gameCodeSchema.optional(),
};
const rangeChecks = <T extends z.ZodType<{ startTime: string; endTime: string }>>(schema: T) =>
  schema
    .refine((p) => isBeijingDayStart(p.startTime), { message: 'beijing-day', path: ['startTime'] })
    .refine((p) => isBeijingDayStart(p.endTime), { message: 'beijing-day', path: ['endTime'] })
    .refine((p) => Date.parse(p.startTime) < Date.parse(p.endTime), { message: 'start-after-end', path: ['startTime'] })
    .refine((p) => Date.parse(p.endTime) - Date.parse(p.startTime) <= BET_MAX_SPAN_DAYS * DAY_MS, {
      message: 'range-over-93-days',
      path: ['endTime'],
    });

/**
 * The numbers of a report row (docs/product.md#report-rows), over the bets under it settled in the
 * range: amounts are amount strings, `valueWonLose` is the members' win/loss (member's view),
 * `betRebate` the members' rebate, `agentRate` the row's share as a percent (valid-bet weighted
 * over the range), `agentToCompany` what the row's line hands up (-W*(1-p) - V*a, each bet's parts
 * rounded), `toCompanyBetValue` V*(1-p), `toCompanyBets` its bets with a share below 100 %,
 * `companyProfitRate` the company's result over the valid bet, a percent.
 */
export const reportNumbersSchema = z.object({
  bets: z.number().int(),
  betAmount: pointsSchema,
  validAmount: pointsSchema,
  valueWonLose: pointsSchema,
  betRebate: pointsSchema,
  agentRate: z.number(),
  agentToCompany: pointsSchema,
  toCompanyBetValue: pointsSchema,
  toCompanyBets: z.number().int(),
  companyProfitRate: z.number(),
});
export type ReportNumbers = z.infer<typeof reportNumbersSchema>;

/** A row of one account: a direct child of the account the report is for. */
export const reportRowSchema = reportNumbersSchema.extend({
  userId: idSchema,
  loginId: z.string(),
  level: z.number().int().min(1).max(5),
});
export type ReportRow = z.infer<typeof reportRowSchema>;

/** What the account the report is for keeps itself over the range (its part of each bet under it). */
const ownSchema = z.object({ userId: idSchema, loginId: z.string(), level: z.number().int().min(0).max(4), result: pointsSchema });

/**
 * How far the numbers are known complete: the cut-off of the site's last clean reconciliation run
 * with the platform (docs/operations.md, "Reconciliation"); null while none is.
 */
const completeTo = { completeTo: isoTimeSchema.nullable() };
const listResult = z.object({ list: z.array(reportRowSchema), total: reportNumbersSchema, own: ownSchema, ...completeTo });
const dailyResult = z.object({
  list: z.array(reportNumbersSchema.extend({ day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) })),
  ...completeTo,
});

export const reportMethods = {
  'gw.credit.agent.list.total.report': defineMethod({
    summary:
      "Win/loss report: one row per agent directly below parentId (default the caller; an account of the caller's line) over whole Beijing days, with the totals and parentId's own result",
    params: rangeChecks(z.object({ ...rangeShape, parentId: idSchema.optional() })),
    result: listResult,
    auth: 'session',
    effect: 'read',
    rights: { levels: backOffice, accessCode: 7 },
    errors: [ErrorCode.accountNotFound],
  }),
  'gw.credit.player.list.total.report': defineMethod({
    summary:
      "Win/loss report of the members directly below a level-4 agent (agentId, default the caller) over whole Beijing days, with the totals and the agent's own result",
    params: rangeChecks(z.object({ ...rangeShape, agentId: idSchema.optional() })),
    result: listResult,
    auth: 'session',
    effect: 'read',
    rights: { levels: backOffice, accessCode: 7 },
    // 100 with rule "not-a-level-4-agent": the account has no members below it.
    errors: [ErrorCode.accountNotFound],
  }),
  'gw.credit.agent.daily.report': defineMethod({
    summary:
      "One row per Beijing day of the range for one agent (userId, default the caller; of the caller's line): the totals of its win/loss report that day",
    params: rangeChecks(z.object({ ...rangeShape, userId: idSchema.optional() })),
    result: dailyResult,
    auth: 'session',
    effect: 'read',
    rights: { levels: backOffice, accessCode: 8 },
    errors: [ErrorCode.accountNotFound],
  }),
  'gw.credit.player.daily.report': defineMethod({
    summary: "One row per Beijing day of the range for one member of the caller's line (userId)",
    params: rangeChecks(z.object({ ...rangeShape, userId: idSchema })),
    result: dailyResult,
    auth: 'session',
    effect: 'read',
    rights: { levels: backOffice, accessCode: 8 },
    // 100 with rule "not-a-member": the account is an agent.
    errors: [ErrorCode.accountNotFound],
  }),
  'gw.credit.player.summary.report': defineMethod({
    summary: "One member's row over the range (userId, a member of the caller's line)",
    params: rangeChecks(z.object({ ...rangeShape, userId: idSchema })),
    result: reportRowSchema,
    auth: 'session',
    effect: 'read',
    rights: { levels: backOffice, accessCode: 7 },
    errors: [ErrorCode.accountNotFound],
  }),
};

/** What the leaderboard ranks members by: the biggest winners or losers, the most valid bet, the most bets. */
export const leaderboardMetrics = ['win', 'loss', 'validBet', 'bets'] as const;
export type LeaderboardMetric = (typeof leaderboardMetrics)[number];

export const leaderboardRowSchema = z.object({
  rank: z.number().int().min(1),
  userId: idSchema,
  loginId: z.string(),
  /** The member's agent (level 4), to tell the members apart at a glance. */
  agentLoginId: z.string(),
  bets: z.number().int(),
  betAmount: pointsSchema,
  validAmount: pointsSchema,
  valueWonLose: pointsSchema,
});
export type LeaderboardRow = z.infer<typeof leaderboardRowSchema>;

export const leaderboardMethods = {
  'gw.credit.leaderboard.query': defineMethod({
    summary:
      "Leaderboard: the members of the caller's line (or of userId's line) ranked by win/loss (biggest winners or losers), valid bet or number of bets over whole Beijing days, at most `limit`",
    params: rangeChecks(
      z.object({
        ...rangeShape,
        userId: idSchema.optional(),
        by: z.enum(leaderboardMetrics).default('win'),
        limit: z.number().int().min(1).max(100).default(20),
      }),
    ),
    result: z.object({ list: z.array(leaderboardRowSchema) }),
    auth: 'session',
    effect: 'read',
    rights: { levels: backOffice, accessCode: 11 },
    errors: [ErrorCode.accountNotFound],
  }),
};

/**
 * A trading-report row: the point movements of one direct child's line over the range (every
 * movement whose account lies in that line): score ups and downs, and its members' transfers
 * in and out of the game platform that went through (a pending or reversed one does not count).
 */
export const tradingRowSchema = z.object({
  userId: idSchema,
  loginId: z.string(),
  level: z.number().int().min(1).max(5),
  up: pointsSchema,
  upCount: z.number().int(),
  down: pointsSchema,
  downCount: z.number().int(),
  transferIn: pointsSchema,
  inCount: z.number().int(),
  transferOut: pointsSchema,
  outCount: z.number().int(),
});
export type TradingRow = z.infer<typeof tradingRowSchema>;

export const tradingMethods = {
  'gw.credit.trading.report': defineMethod({
    summary:
      "Trading report: per direct child of parentId (default the caller; an agent of the caller's line), the score ups, downs and game transfers of its line over whole Beijing days, with the totals",
    params: rangeChecks(z.object({ startTime: timeParamSchema, endTime: exclusiveEndSchema, parentId: idSchema.optional() })),
    result: z.object({ list: z.array(tradingRowSchema), total: tradingRowSchema.omit({ userId: true, loginId: true, level: true }) }),
    auth: 'session',
    effect: 'read',
    // Every number of it is a points movement: finance as a whole.
    rights: { levels: backOffice, accessCode: 8, finance: true },
    errors: [ErrorCode.accountNotFound],
  }),
};

const beijingDateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** What a bill period of a direct child holds (docs/product.md#the-bill). */
const billNumbers = {
  bets: z.number().int(),
  validAmount: pointsSchema,
  valueWonLose: pointsSchema,
  /** What the child's line handed up to the viewer's (negative: what the viewer's line owes it). */
  agentToCompany: pointsSchema,
  /**
   * The first and last Beijing day ('YYYY-MM-DD') of the rollups the period sums, null when it sums
   * none: a period closes at the start of a day but holds the days since the close before it, so
   * its start and end instants do not say which days it holds.
   */
  firstDay: beijingDateSchema.nullable(),
  lastDay: beijingDateSchema.nullable(),
};

export const billRowSchema = z.object({
  userId: idSchema,
  loginId: z.string(),
  level: z.number().int().min(1).max(4),
  /** The period still open: from the end of the last closed one (or the agent's creation) to now. */
  open: z.object({
    periodStart: isoTimeSchema,
    /** A period was closed today (Beijing): the next close is refused (20052) until tomorrow, so the screen offers none. */
    closedToday: z.boolean(),
    ...billNumbers,
  }),
  /** The closed periods, newest first (the latest 12); a closed period never changes. */
  closed: z.array(z.object({ settlementId: idSchema, periodStart: isoTimeSchema, periodEnd: isoTimeSchema, ...billNumbers })),
});
export type BillRow = z.infer<typeof billRowSchema>;

export const billMethods = {
  'gw.credit.bill.query': defineMethod({
    summary:
      "The bill: for each agent directly below userId (default the caller; of the caller's line), the open settlement period and the latest closed ones, each with what the agent's line handed up",
    params: z.object({ userId: idSchema.optional() }),
    result: z.object({ list: z.array(billRowSchema) }),
    auth: 'session',
    effect: 'read',
    rights: { levels: [0, 1, 2, 3], accessCode: 8 },
    // 100 with rule "not-above-agents": a level-4 agent or a member has no agents below it.
    errors: [ErrorCode.accountNotFound],
  }),
};

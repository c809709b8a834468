import { z } from 'zod';
import { idSchema, isoTimeSchema, pageParams, pageResult } from './common.contract';
import { ErrorCode } from './errors.contract';
import { defineMethod } from './method.contract';
import { pointsSchema } from './points.contract';

/** What a watched account did (docs/product.md#monitoring): each is one event until someone sees it. */
export const monitorEventKinds = ['sign-in', 'new-ip', 'score', 'bet', 'win', 'status'] as const;
export type MonitorEventKind = (typeof monitorEventKinds)[number];

export const monitorCountsSchema = z.object({
  /** Unseen events of watched agents (levels 1-4). */
  agentCount: z.number().int().min(0),
  /** Unseen events of watched members: the red dot's number. */
  userCount: z.number().int().min(0),
});

/**
 * A feed further behind than this raises the monitoring red dot (docs/operations.md, "Platform health", `alert`); a transfer pending
 * longer than the site's own setting does too (`pendingAlertSeconds`, from TRANSFER_ALERT_MINUTES in the system settings).
 */
export const PLATFORM_LAG_ALERT_SECONDS = 60;
/** An HTTP platform is taken for down after this many calls in a row without an answer, or this long without one after a failure. */
export const PLATFORM_FAILED_CALLS_ALERT = 3;
export const PLATFORM_SILENT_ALERT_SECONDS = 15;
/** Transfers pending longer than this are counted on the platform panel. */
export const PENDING_COUNTED_SECONDS = 60;

/**
 * How a site's game platform is doing (the monitoring screen's platform panel, and
 * GET /api/health?detail=1). Never a secret: the URL is answered without any user or password.
 */
export const platformHealthSchema = z.object({
  siteId: z.string(),
  /** The built-in simulator, or a platform's HTTP API. */
  kind: z.enum(['embedded', 'http']),
  url: z.string().nullable(),
  /** The last call its HTTP platform answered (a transfer, a record, a push, a feed page); null when none yet or embedded. */
  lastSuccessAt: isoTimeSchema.nullable(),
  /** The site's own feed, for an HTTP platform (null when embedded). */
  feed: z
    .object({
      /** Seconds since the feed was last read to its end, or since the platform was connected (or its connection changed) if later. */
      lagSeconds: z.number().int().min(0),
      /** Items the last read found beyond the cursor when it was not the end (a lower bound: the feed does not say what remains). */
      lagItems: z.number().int().min(0),
    })
    .nullable(),
  /** Transfers in and out still pending after PENDING_COUNTED_SECONDS. */
  pendingTransfers: z.number().int().min(0),
  /** How long the oldest pending transfer has waited (null: none pending). */
  oldestPendingSeconds: z.number().int().min(0).nullable(),
  /** The site's transfer alert (its system setting, in seconds): a transfer pending longer lights the red dot. */
  pendingAlertSeconds: z.number().int().min(60),
  /** The platform's requests refused for their signature in the last hour. */
  signatureRefusals: z.number().int().min(0),
  /** Calls its HTTP platform gave no answer to since the last one it answered (refused, timeout, TLS, a 5xx). */
  failedCalls: z.number().int().min(0),
  /** The last call without an answer, and why; null when none yet or embedded. */
  lastFailure: z.object({ at: isoTimeSchema, cause: z.string() }).nullable(),
  /** Pushes (accounts, closed games, game notices, replies) the platform refused or did not answer, still queued to go again. */
  unsentPushes: z.number().int().min(0),
  /**
   * Differences the site's last reconciliation run found that nobody resolved yet (docs/operations.md, "Reconciliation"): any
   * lights the red dot.
   */
  reconciliationDifferences: z.number().int().min(0),
  /** Since when its HTTP platform is paused (a restored copy calls no platform until `npm run site -- platform <site> --resume`); null: in use. */
  pausedAt: isoTimeSchema.nullable(),
  /**
   * Paused, the feed's lag over PLATFORM_LAG_ALERT_SECONDS, a transfer pending over pendingAlertSeconds, a push not taken, or the
   * platform not answering (PLATFORM_FAILED_CALLS_ALERT calls in a row, or PLATFORM_SILENT_ALERT_SECONDS without an answer after a failure),
   * or an open reconciliation difference: the red dot lights.
   */
  alert: z.boolean(),
});
export type PlatformHealth = z.infer<typeof platformHealthSchema>;

export const watchedAccountSchema = z.object({
  userId: idSchema,
  loginId: z.string(),
  nickname: z.string(),
  level: z.number().int().min(1).max(5),
  parentLoginId: z.string(),
  status: z.number().int(),
  balance: pointsSchema,
  /** On the company's watch list (agent.monitor.add, user.monitor.set). */
  monitored: z.boolean(),
  /** Marked by its parent (user.exception.mark): watched too. */
  exceptionMarked: z.boolean(),
  /** Its events nobody has seen yet. */
  unseen: z.number().int().min(0),
  latest: z
    .object({
      kind: z.enum(monitorEventKinds),
      /** Cents as points, for score, bet and win. */
      amount: pointsSchema.nullable(),
      /** The IP, the order id, the score type or the status change. */
      detail: z.string(),
      time: isoTimeSchema,
    })
    .nullable(),
});
export type WatchedAccount = z.infer<typeof watchedAccountSchema>;

const userIdParams = z.object({ userId: idSchema });
const watchResult = z.object({ userId: idSchema, monitored: z.boolean() });
// The company's watch lists and their counts (docs/product.md#monitoring): level 0, and its clerks holding code 4
// (flags), who share one "seen" with the company.
const company = { levels: [0], accessCode: 4 } as const;
// A file made in the call belongs to the main account (a clerk downloads only its own jobs' files).
const companyMain = { levels: [0], mainOnly: true } as const;

/** One side's watched accounts as an xlsx file (POST /api/files/<fileId>). */
const watchedExport = (side: 'agents' | 'members') =>
  defineMethod({
    summary: `The watched ${side} as an xlsx file (POST /api/files/<fileId>)`,
    params: z.object({}),
    result: z.object({ fileId: idSchema }),
    auth: 'session',
    effect: 'write',
    rights: companyMain,
    errors: [],
  });

/** An agent's line stopped at its agent-to-company limit for a game type (games/company-limit.ts on the server). */
export const companyLimitStopSchema = z.object({
  userId: idSchema,
  loginId: z.string(),
  level: z.number().int().min(1).max(4),
  gameType: z.enum(['live', 'electronic']),
  /** The open bill period's agent-to-company amount, and the limit it reached. */
  used: pointsSchema,
  limit: pointsSchema,
});
/** The stopped lines listed at most. */
export const COMPANY_LIMIT_STOPS_SHOWN = 200;

export const monitorMethods = {
  'gw.credit.user.monitor.redpoint.count': defineMethod({
    summary:
      "Unseen events of the company's watched agents and members (the menu's red dot while userCount > 0 or platformAlert), whether the site's game platform needs a look, and whether the site's warning switch runs the 12-second refresh",
    params: z.object({}),
    result: monitorCountsSchema.extend({
      warningSwitch: z.boolean(),
      /** The site's game platform needs a look (platformHealthSchema.alert): the red dot lights too. */
      platformAlert: z.boolean(),
    }),
    auth: 'session',
    effect: 'read',
    rights: company,
    errors: [],
  }),
  'gw.credit.agent.to.company.limit.query': defineMethod({
    summary:
      "Agents' lines whose agent-to-company amount in the open bill period reached their limit: their members bet no more of that game type until the bill closes",
    params: z.object({}),
    result: z.object({ list: z.array(companyLimitStopSchema).max(COMPANY_LIMIT_STOPS_SHOWN) }),
    auth: 'session',
    effect: 'read',
    rights: company,
    errors: [],
  }),
  'gw.credit.platform.health': defineMethod({
    summary:
      "The site's game platform: its URL, the last call it answered, the feed's lag, transfers pending over a minute, signature refusals in the last hour",
    params: z.object({}),
    result: platformHealthSchema,
    auth: 'session',
    effect: 'read',
    rights: company,
    errors: [],
  }),
  'gw.credit.user.monitor.query': defineMethod({
    summary: 'Watched members (on the company list or marked by their parent), most unseen events first, each with its latest activity',
    params: z.object({ ...pageParams(50) }),
    result: pageResult(watchedAccountSchema).extend({ userCount: z.number().int().min(0) }),
    auth: 'session',
    effect: 'read',
    rights: company,
    errors: [],
  }),
  'gw.credit.user.monitor.set': defineMethod({
    summary: "Puts a member of the site on the company's watch list, or takes it off",
    params: userIdParams.extend({ monitored: z.boolean() }),
    result: watchResult,
    auth: 'session',
    effect: 'write',
    rights: company,
    errors: [ErrorCode.memberNotFound],
  }),
  'gw.credit.user.monitor.seen': defineMethod({
    summary: 'Marks every unseen event of one watched account seen (the counts go down for the company and its clerks)',
    params: userIdParams,
    result: z.object({ userId: idSchema, seen: z.number().int().min(0) }),
    auth: 'session',
    effect: 'write',
    rights: company,
    errors: [ErrorCode.accountNotFound],
  }),
  'gw.credit.user.monitor.export': watchedExport('members'),
  'gw.credit.agent.monitor.query': defineMethod({
    summary:
      'Watched agents (levels 1-4, on the company list or marked by their parent), most unseen events first, each with its latest activity',
    params: z.object({ ...pageParams(50) }),
    result: pageResult(watchedAccountSchema).extend({ agentCount: z.number().int().min(0) }),
    auth: 'session',
    effect: 'read',
    rights: company,
    errors: [],
  }),
  'gw.credit.agent.monitor.add': defineMethod({
    summary: "Puts an agent of the site on the company's watch list",
    params: userIdParams,
    result: watchResult,
    auth: 'session',
    effect: 'write',
    rights: company,
    errors: [ErrorCode.accountNotFound],
  }),
  'gw.credit.agent.monitor.delete': defineMethod({
    summary: "Takes an agent off the company's watch list",
    params: userIdParams,
    result: watchResult,
    auth: 'session',
    effect: 'write',
    rights: company,
    errors: [ErrorCode.accountNotFound],
  }),
  'gw.credit.agent.monitor.export': watchedExport('agents'),
};

/**
 * The limits of the system settings, without zod: the web app's shared messages read them
 * (those stay off the first screen's bundle, see tests/unit/web-build.test.ts).
 */

/** Entries of the back-office IP whitelist at most; an address is kept as its /32 (or /128). */
export const IP_WHITELIST_MAX = 200;
export const SITE_TITLE_MAX = 60;
/** A logo is a small picture for the header: PNG or JPEG (docs/product.md#system-settings), at most this many bytes. */
export const LOGO_MAX_BYTES = 256 * 1024;
export const IDLE_TIMEOUT_MIN_SECONDS = 60;
export const IDLE_TIMEOUT_MAX_SECONDS = 86_400;
export const SCORE_INTERVAL_MAX_MS = 3_600_000;
/** The most members per agent a site may set (0 = no limit). */
export const MEMBER_LIMIT_MAX = 100_000;

/**
 * How many days the purge keeps each kind of record a site gathers (docs/operations.md#data-retention):
 * the default of a new site and the range a company may set. The floors keep what other rules
 * need: a request key outlives any retry, a session outlives the longest idle timeout, and the
 * login and operation records stay long enough for a dispute.
 */
export const RETENTION_DAYS = {
  requestKeys: { default: 7, min: 1, max: 3650 },
  sessions: { default: 30, min: 2, max: 3650 },
  loginLog: { default: 180, min: 30, max: 3650 },
  operationLog: { default: 365, min: 90, max: 3650 },
  jobs: { default: 30, min: 1, max: 3650 },
  monitorEvents: { default: 90, min: 7, max: 3650 },
} as const;
export type RetentionKind = keyof typeof RETENTION_DAYS;
export const retentionKinds = Object.keys(RETENTION_DAYS) as RetentionKind[];

/**
 * A transfer between a member and the game platform unsettled longer than this many minutes is
 * overdue (docs/operations.md, "In-flight transfers"): listed on the reconciliation screen's
 * in-flight view and lighting the monitoring red dot. The default of a site and the range a
 * company may set (rule transfer-alert).
 */
export const TRANSFER_ALERT_MINUTES = { default: 10, min: 1, max: 1440 } as const;

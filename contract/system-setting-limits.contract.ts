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

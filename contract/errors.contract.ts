/**
 * The error catalogue (docs/product.md#error-codes).
 * Codes travel as integers ("000" -> 0). Messages live in locales/<lang>/errors.json,
 * one entry per code, so the client and the server show the same words.
 */
export const ErrorCode = {
  unknownException: 0,
  networkError: 1,
  unknownApplication: 2,
  dataError: 3,
  cacheError: 4,
  rpcError: 5,
  authenticationAbnormal: 6,
  authorizationException: 7,
  invalidParams: 100,
  methodNotFound: 110,
  missingParams: 700,
  authFailed: 2202,
  authFailedAlt: 2221,
  accountDisabled: 2217,
  wrongCredentials: 2218,
  wrongCredentialsAlt: 11004,
  oldPasswordWrong: 2232,
  oldPasswordWrongAlt: 37140,
  captchaWrong: 2240,
  safeCodeWrong: 2241,
  agentLineLocked: 2242,
  agentLineFrozen: 2243,
  siteMaintenance: 2250,
  ipBlocked: 2251,
  agentRecordMissing: 2610,
  tooFrequentAccess: 2632,
  sessionVerificationFailed: 11001,
  invalidBackgroundSession: 11002,
  notAuthorized: 11003,
  illegalCharacters: 20001,
  accountNotFound: 20002,
  targetStatusForbidsScore: 20003,
  memberNotFound: 20004,
  operatorStatusForbidsScore: 20005,
  emptyParams: 20010,
  illegalOperation: 20011,
  cannotOperate: 20012,
  cannotOperateAlt: 20013,
  illegalAccount: 20014,
  addMemberPlatformFailed: 20020,
  addMemberThirdPartyFailed: 20021,
  addAgentPlatformFailed: 20022,
  addAgentThirdPartyFailed: 20023,
  newAccountTopUpOnly: 20024,
  enableAgentFailed: 20025,
  disableAgentFailed: 20026,
  enableMemberFailed: 20027,
  disableMemberFailed: 20028,
  setScoreFailed: 20030,
  setScoreFailedAlt: 20031,
  onlinePlayerScoreDown: 20032,
  notDirectRelation: 20040,
  missingDirectAgent: 20041,
  missingAgent: 20042,
  missingRegistrationType: 20043,
  missingRegistrationTypeAlt: 20044,
  agentLevelMaximum: 20045,
  memberMaximum: 20046,
  /** The main account has as many sub-accounts as the site allows (5 or 15). */
  subAccountLimit: 20047,
  /** No such sub-account of the caller's. */
  subAccountNotFound: 20048,
  recordNotFound: 20049,
  /** Kick out: the account has no live session to end (our number, after the catalogue's 200xx). */
  notOnline: 20050,
  /** Unlock: failed sign-ins hold the account's name locked from nowhere (our number). */
  notLoginLocked: 20051,
  /** Closing a settlement period: the agent's period was already closed today (Beijing); once a day (our number). */
  periodClosedToday: 20052,
  /**
   * A money action carried a preview token and something that preview showed has changed since
   * (a balance, the point limit), or the token expired or was not made for this call (our
   * number): nothing applied; `data.preview` is a fresh preview to confirm again.
   */
  previewStale: 20060,
  /** The site's game platform is paused since a restore: nothing asks it, so no wallet can be recalled (our number). */
  platformPaused: 20061,
  /** The member is in a time-out or self-exclusion: no score up until it ends or is lifted (our number). */
  memberExcluded: 20062,
  /** Shortening or lifting an exclusion: only the account that set it or one above it in the tree may (our number). */
  exclusionNotYours: 20063,
  /** Lifting or shortening a permanent exclusion: the company only (our number). */
  exclusionPermanent: 20064,
  /** Lifting an exclusion: the member has none in force (our number). */
  exclusionNone: 20065,
  thirdPartySignature: 37100,
  thirdPartyEmptyResult: 37101,
  operatorBalanceLow: 37110,
  targetBalanceLow: 37111,
  platformBalanceLow: 37112,
  playerGamingNoScoreDown: 37120,
  setPointsTooFrequent: 37150,
  auditTooFrequent: 37151,
  illegalTime: 37160,
  emptyIpWhitelist: 37161,
  /** Repair: the game platform did not answer; the transfer stays pending. */
  repairPlatformSilent: 37162,
  /** Repair: no pending transfer has this id (already settled, or never made). */
  repairNothingPending: 37163,
  /** Repair: the platform's record of this id differs (member, type or amount); left pending for a person. */
  repairRecordDiffers: 37164,
  /** Repair too early (the first answer may still come), or a transfer while another of the member's is unsettled. */
  repairTooEarly: 37165,
  batchMemberCreationFailed: 37174,
  // JSON-RPC 2.0 transport codes (the envelope itself is unusable).
  parseError: -32700,
  invalidRequest: -32600,
  // Implementation-defined transport codes (JSON-RPC reserves -32000..-32099).
  bodyTooLarge: -32001,
  batchTooLarge: -32002,
} as const;

export type ErrorCodeName = keyof typeof ErrorCode;
export type ErrorCodeValue = (typeof ErrorCode)[ErrorCodeName];

export const allErrorCodes: readonly ErrorCodeValue[] = Object.values(ErrorCode);

/**
 * `data` of an error answer when a param breaks a rule: which field and which rule. A refused
 * sign-in adds how many failures in a row its name may still have from that address before it is
 * locked (`attemptsLeft`, 0: this one locked it), and a locked name how long it stays locked
 * (`retryAfter`, seconds; rule `login-locked`).
 */
export interface ErrorData {
  field?: string;
  rule?: string;
  attemptsLeft?: number;
  retryAfter?: number;
  /** A stale preview's refusal (20060): the preview of the same action as it stands now, with its own token. */
  preview?: Record<string, unknown>;
}

import { z } from 'zod';
import { gameTypes, gameTypeSchema } from './account-fields.contract';
import { idPattern, idSchema } from './common.contract';
import { ErrorCode, type ErrorCodeValue } from './errors.contract';
import { deviceSchema, gameCodePattern, gameCodeSchema } from './game.contract';
import { transferIdSchema } from './transfer.contract';

/**
 * The game platform's HTTP API, back office -> platform (docs/platform-api.md). Each schema is a
 * zod codec between the wire (JSON: cents as decimal strings, times as ISO-8601 strings) and the
 * types of server/platform/game-platform.ts (bigint, Date): the adapter encodes its calls and
 * decodes the answers with the same schemas the platform server decodes and encodes them with,
 * and the OpenAPI document is generated from them, so the three cannot drift apart.
 */

/** The headers that carry a request's signature (both directions; docs/platform-api.md "Signing"). */
export const platformSignatureHeaders = {
  keyId: 'x-platform-key-id',
  /** Unix time in whole seconds, decimal. */
  timestamp: 'x-platform-timestamp',
  /** 16 to 64 characters of [A-Za-z0-9_-], never used twice by one key within the window. */
  nonce: 'x-platform-nonce',
  /** Lowercase hex of the HMAC-SHA256. */
  signature: 'x-platform-signature',
} as const;

/** A request whose timestamp is further than this from the receiver's clock is refused (37100). */
export const PLATFORM_SIGNATURE_WINDOW_MS = 5 * 60_000;

export const platformKeyIdSchema = z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/, 'key-id');
export const platformNonceSchema = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'nonce');

/** A push names each thing once: two entries for one id would leave which one wins to chance (100). */
const eachOnce = <T>(items: T[], idOf: (item: T) => string) => new Set(items.map(idOf)).size === items.length;

/** Cents on the wire: a decimal string, since a JSON number loses digits beyond 2^53 in most readers. */
const centsPattern = /^-?(0|[1-9][0-9]{0,17})$/;
const centsText = z.string().regex(centsPattern, 'cents');
export const wireCents = z.codec(centsText, z.bigint(), {
  decode: (text) => BigInt(text),
  encode: (cents) => String(cents),
});
/** A transfer's amount: positive cents. */
export const wirePositiveCents = z.codec(centsText, z.bigint().positive(), {
  decode: (text) => BigInt(text),
  encode: (cents) => String(cents),
});
/** Cents the back office keeps as a JS number (a bet's amounts): decimal string too, within 2^53. */
export const wireCentsNumber = z.codec(centsText, z.number().int().min(-Number.MAX_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER), {
  decode: (text) => Number(text),
  encode: (cents) => String(cents),
});
/** A time on the wire: ISO-8601 with its offset ("Z" or "+08:00"); read as the instant it names. */
export const wireTime = z.codec(z.iso.datetime({ offset: true }), z.date(), {
  decode: (text) => new Date(text),
  encode: (date) => date.toISOString(),
});

/** Site ids as the back office writes them. */
const siteIdPattern = /^[a-z0-9-]{2,32}$/;
const siteIdSchema = z.string().regex(siteIdPattern, 'site-id');
/** The feed's position: "0" for the start, else the `seq` of the last item read. */
const feedCursorSchema = z.string().regex(/^(0|[1-9][0-9]{0,18})$/, 'cursor');
/** Free texts keep to a size a JSON body of this API can hold many of. */
const text = (max: number) => z.string().max(max);
/** A notice's texts by language; as long as the back office's notices may be (NOTICE_CONTENT_MAX). */
const textsByLanguage = z.record(z.string().max(16), text(100_000));

const transferCall = z.object({
  siteId: siteIdSchema,
  /** Ours, unique per site: the platform applies an id once, whatever is repeated. */
  transferId: transferIdSchema,
  memberId: idSchema,
  amount: wirePositiveCents,
  /** The back office's time of the request (the platform's record keeps it). */
  now: wireTime,
});
const transferType = z.enum(['in', 'out']);
const balanceAnswer = z.object({ balance: wireCents });
/**
 * The member's balance there with the stakes of its bets not settled yet: the member is done at
 * the platform (its game session ends) only when both are 0, since a bet in play pays out later.
 * A platform that leaves `inPlay` out is taken to have nothing in play.
 */
const holdingAnswer = balanceAnswer.extend({ inPlay: wireCents.optional() });
const platformRecord = z.object({
  /** `void`: the platform never applied it and never will (settleTransfer wrote it so). */
  state: z.enum(['applied', 'void']),
  memberId: idSchema,
  type: transferType,
  amount: wirePositiveCents,
});
/** What a push answers: the platform took the new state whole (pushes replace, so a repeat is harmless). */
const acknowledged = z.object({ ok: z.literal(true) });

const platformAccount = z.object({
  accountId: idSchema,
  level: z.number().int().min(0).max(10),
  path: z.string().regex(/^\/([0-9]+\/)+$/, 'path'),
  status: z.number().int().min(0).max(99),
  teamStatus: z.number().int().min(0).max(99),
  betStopped: z.boolean(),
  betPaused: z.boolean(),
  devices: z.object({ pc: z.boolean(), h5: z.boolean(), app: z.boolean() }),
  maxWin: wireCents,
  winBlocked: z.boolean(),
  /** A member's time-out or self-exclusion: no bet before `until` (null: permanent); null when none. */
  exclusion: z.object({ until: wireTime.nullable() }).nullable(),
  /** limitReached: the agent's line reached its agent-to-company limit; its members bet no more of the type. */
  gameTypes: z.record(z.string().max(32), z.object({ enabled: z.boolean(), redLimit: wireCents, limitReached: z.boolean() })),
});

const gameNotice = z.object({
  noticeId: text(64),
  title: textsByLanguage,
  content: textsByLanguage,
  gameCodes: z.array(gameCodeSchema).max(1000),
  startTime: wireTime,
  endTime: wireTime,
});

const suggestionReply = z.object({
  suggestionId: text(64),
  memberId: idSchema,
  reply: text(20_000),
  repliedAt: wireTime,
});

const betStatuses = ['unsettled', 'settled', 'cancelled', 'resettled'] as const;
const feedBet = z.object({
  orderId: text(64),
  memberId: idSchema,
  betTime: wireTime,
  settleTime: wireTime.nullable(),
  gameCode: gameCodeSchema,
  gameType: gameTypeSchema,
  playType: text(64),
  betCode: text(128),
  gameId: text(64),
  gameName: text(128),
  round: text(64),
  transactionId: text(64),
  status: z.enum(betStatuses),
  bet: wireCentsNumber,
  validBet: wireCentsNumber,
  settle: wireCentsNumber,
  winLoss: wireCentsNumber,
  jackpot: wireCentsNumber,
  jackpotWon: wireCentsNumber,
  jackpotRake: wireCentsNumber,
  redPacket: wireCentsNumber,
});

const feedRound = z.object({
  gameCode: gameCodeSchema,
  gameId: text(64),
  round: text(64),
  startedAt: wireTime,
  endedAt: wireTime,
  /** The game's own result (cards, dice, reels): kept and shown as the platform wrote it. */
  result: z.record(z.string(), z.unknown()),
});

const feedSuggestion = z.object({
  suggestionId: text(64),
  memberId: idSchema,
  kind: z.enum(['suggestion', 'complaint']),
  title: text(200),
  content: text(20_000),
  device: deviceSchema,
  sentAt: wireTime,
});

/** An item's position: the cursor to read on from. */
const seqPattern = /^[1-9][0-9]{0,18}$/;
const feedHead = { seq: z.string().regex(seqPattern, 'seq'), siteId: siteIdSchema };
const feedRoundItem = z.object({ ...feedHead, kind: z.literal('round'), round: feedRound });
const feedSuggestionItem = z.object({ ...feedHead, kind: z.literal('suggestion'), suggestion: feedSuggestion });
const feedItem = z.discriminatedUnion('kind', [
  z.object({ ...feedHead, kind: z.literal('bet'), bet: feedBet }),
  feedRoundItem,
  feedSuggestionItem,
]);

/** The longest window one statement covers: a day (a daily statement), or part of one (an intraday one). */
export const STATEMENT_SPAN_MAX_MS = 24 * 60 * 60_000;
/** The most rows of each kind a statement holds (groups of bets, transfers, wallets). */
export const STATEMENT_ROWS_MAX = 500_000;

const statementWindow = z
  .object({
    siteId: siteIdSchema,
    /** The window's start (included): a daily statement's is the day's 00:00 in Beijing, an intraday one's too. */
    from: wireTime,
    /** The cut-off (excluded): the next day's start for a daily statement, a time within the day for an intraday one. */
    to: wireTime,
  })
  .refine((window) => window.to.getTime() > window.from.getTime(), { message: 'window', path: ['to'] })
  .refine((window) => window.to.getTime() - window.from.getTime() <= STATEMENT_SPAN_MAX_MS, { message: 'window', path: ['to'] });

/** The bets of one member at one game whose bet time is in the window, in their latest state. */
const statementBets = z.object({
  memberId: idSchema,
  gameCode: gameCodeSchema,
  count: z.number().int().min(1),
  bet: wireCents,
  validBet: wireCents,
  winLoss: wireCents,
});
/** A transfer the platform applied in the window (a voided id is not one): listed once per time it applied it. */
const statementTransfer = z.object({
  transferId: transferIdSchema,
  memberId: idSchema,
  type: transferType,
  amount: wirePositiveCents,
  at: wireTime,
});
/** A member's balance at the platform at the window's start and at its cut-off. */
const statementWallet = z.object({ memberId: idSchema, opening: wireCents, closing: wireCents });

/** The most feed items one read may ask for. */
export const FEED_READ_MAX = 10_000;

/**
 * Whether a call may change the platform's books. It decides what an answer that cannot be read
 * means: to a `read` nothing can have happened (refused 37101, safe to ask again); to a `transfer`
 * or a `push` the platform may have applied it before the answer broke, so the outcome is
 * unknown (PlatformSilent) and the record of the transfer id, or the next push, decides.
 */
export type PlatformCallEffect = 'transfer' | 'push' | 'read';

interface PlatformCallDefinition<Req extends z.ZodType, Ans extends z.ZodType> {
  /** Appended to the platform's base URL; every call is a POST with a JSON body. */
  path: string;
  summary: string;
  effect: PlatformCallEffect;
  request: Req;
  answer: Ans;
  /** Catalogue codes the platform may refuse the call with, besides 37100 (signature), 100 and -32700 (bad request). */
  refusals: ErrorCodeValue[];
}

const call = <Req extends z.ZodType, Ans extends z.ZodType>(definition: PlatformCallDefinition<Req, Ans>) => definition;

/** Every call of the back office to the platform, by the name of its GamePlatform method. */
export const platformCalls = {
  transferIn: call({
    path: '/transfers/in',
    summary: "Credits the member at the platform under our transfer id (applied once per id); answers the member's balance there",
    effect: 'transfer',
    request: transferCall,
    answer: balanceAnswer,
    // 37101: the id is known as void, or as another transfer (member, type or amount differ).
    refusals: [ErrorCode.thirdPartyEmptyResult],
  }),
  transferOut: call({
    path: '/transfers/out',
    summary:
      "Debits the member at the platform under our transfer id (applied once per id); answers the member's balance there and its stakes in play",
    effect: 'transfer',
    request: transferCall,
    answer: holdingAnswer,
    refusals: [ErrorCode.platformBalanceLow, ErrorCode.thirdPartyEmptyResult],
  }),
  queryTransfer: call({
    path: '/transfers/record',
    summary: 'The record of a transfer id, or null when the platform never saw it',
    effect: 'read',
    request: z.object({ siteId: siteIdSchema, transferId: transferIdSchema }),
    answer: z.object({ record: platformRecord.nullable() }),
    refusals: [],
  }),
  settleTransfer: call({
    path: '/transfers/settle',
    summary:
      'Settles a transfer whose answer was lost: its record when applied, else the id is recorded void (a late request with it is refused)',
    effect: 'transfer',
    request: transferCall.extend({ type: transferType }),
    answer: z.object({ record: platformRecord }),
    refusals: [],
  }),
  balance: call({
    path: '/balance',
    summary: "The member's balance at the platform and its stakes in play (bets not settled yet)",
    effect: 'read',
    request: z.object({ siteId: siteIdSchema, memberId: idSchema }),
    answer: holdingAnswer,
    refusals: [],
  }),
  setClosedGames: call({
    path: '/games/closed',
    summary: "The site's closed games, all of them (the rest are open): replaces what the platform had",
    effect: 'push',
    request: z.object({
      siteId: siteIdSchema,
      gameCodes: z
        .array(gameCodeSchema)
        .max(1000)
        .refine((codes) => eachOnce(codes, String), 'duplicate'),
    }),
    answer: acknowledged,
    refusals: [],
  }),
  readFeed: call({
    path: '/feed',
    summary: 'The feed after a cursor, oldest first, at most `limit` items: bets (new and settled again), rounds, suggestions',
    effect: 'read',
    // siteId: only that site's items (each back office site on an HTTP platform reads its own feed from its own cursor).
    request: z.object({ after: feedCursorSchema, limit: z.number().int().min(1).max(FEED_READ_MAX), siteId: siteIdSchema.optional() }),
    answer: z.object({ items: z.array(feedItem).max(FEED_READ_MAX) }),
    refusals: [],
  }),
  setAccounts: call({
    path: '/accounts',
    summary: "Accounts' betting rules as they are now, each replacing what the platform had of it",
    effect: 'push',
    request: z.object({
      siteId: siteIdSchema,
      accounts: z
        .array(platformAccount)
        .max(10_000)
        .refine((items) => eachOnce(items, (account) => account.accountId), 'duplicate'),
    }),
    answer: acknowledged,
    refusals: [],
  }),
  setGameNotices: call({
    path: '/game-notices',
    summary: "The site's game notices not yet ended, all of them: they replace what the platform had",
    effect: 'push',
    request: z.object({
      siteId: siteIdSchema,
      notices: z
        .array(gameNotice)
        .max(1000)
        .refine((items) => eachOnce(items, (notice) => notice.noticeId), 'duplicate'),
    }),
    answer: acknowledged,
    refusals: [],
  }),
  replySuggestions: call({
    path: '/suggestion-replies',
    summary: "Answers to members' suggestions, each replacing an earlier answer to the same suggestion",
    effect: 'push',
    request: z.object({
      siteId: siteIdSchema,
      replies: z
        .array(suggestionReply)
        .max(10_000)
        .refine((items) => eachOnce(items, (reply) => reply.suggestionId), 'duplicate'),
    }),
    answer: acknowledged,
    refusals: [],
  }),
  lobby: call({
    path: '/lobby',
    summary: "What the platform's lobby shows for the site now: tables playing, members seated, game notices in their window",
    effect: 'read',
    request: z.object({ siteId: siteIdSchema, now: wireTime }),
    answer: z.object({
      tables: z.number().int().min(0),
      players: z.number().int().min(0),
      notices: z.array(z.object({ noticeId: text(64), title: textsByLanguage })),
    }),
    refusals: [],
  }),
  statement: call({
    path: '/statement',
    summary:
      "The site's statement for a window of at most a day (daily: the whole day; intraday: the day's start to a cut-off): its bets per member and game, the transfers it applied with their ids, and each member's balance at the start and the cut-off",
    effect: 'read',
    request: statementWindow,
    answer: z.object({
      siteId: siteIdSchema,
      from: wireTime,
      to: wireTime,
      bets: z.array(statementBets).max(STATEMENT_ROWS_MAX),
      transfers: z.array(statementTransfer).max(STATEMENT_ROWS_MAX),
      wallets: z.array(statementWallet).max(STATEMENT_ROWS_MAX),
    }),
    refusals: [],
  }),
  games: call({
    path: '/games',
    summary: "The platform's game list: every game it runs, with its type and its own name",
    effect: 'read',
    request: z.object({}),
    answer: z.object({ games: z.array(z.object({ gameCode: gameCodeSchema, gameType: gameTypeSchema, gameName: text(128) })).max(10_000) }),
    refusals: [],
  }),
} as const;

/** Where the back office serves the platform's calls (platform -> back office): each path follows it. */
export const BACK_OFFICE_PLATFORM_PREFIX = '/api/platform';

/** A transfer's amount the back office moves: positive cents a JS number holds exactly (its ledger's limit). */
const lobbyAmount = z.codec(centsText, z.bigint().positive().max(BigInt(Number.MAX_SAFE_INTEGER)), {
  decode: (text) => BigInt(text),
  encode: (cents) => String(cents),
});
/** The platform's own id of a lobby transfer request: the back office applies one id once. */
export const lobbyRequestIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,61}$/, 'request-id');
/** Where the member is, as the platform sees it: the sign-in counters count per name and per address. */
const memberIp = z.union([z.ipv4(), z.ipv6()]);

/**
 * Every call of the platform to the back office, served at BACK_OFFICE_PLATFORM_PREFIX + path
 * with the same signing (the key id names the site; its secret is the site's). A refusal is a
 * 4xx with a catalogue code as in the other direction; 409 means refused for certain.
 */
export const backOfficeCalls = {
  lobbySignIn: call({
    path: '/lobby/sign-in',
    summary:
      "A member signing in at the platform's lobby: its name and password checked (counted with the back office's sign-in attempts), answered with the member and its betting rules",
    // A check: asking again is harmless (it counts as one more attempt, as a sign-in would).
    effect: 'read',
    request: z.object({
      siteId: siteIdSchema,
      loginId: z.string().min(1).max(64),
      password: z.string().min(1).max(128),
      /** The member's address as the platform sees it. */
      ip: memberIp,
      /** The member's device text (user agent), kept in the login log. */
      device: text(512).optional(),
    }),
    answer: z.object({
      member: platformAccount,
      loginId: text(64),
      nickname: text(64),
      /** The member's points at the back office: what it may move in. */
      balance: wireCents,
    }),
    // 2218 wrong name or password (or not an account), 20004 an agent (only members play), 2632
    // locked by failed attempts, 2217 disabled, 20003 frozen, 2242 / 2243 its line disabled / frozen,
    // 2250 the site is switched off.
    refusals: [
      ErrorCode.wrongCredentials,
      ErrorCode.memberNotFound,
      ErrorCode.tooFrequentAccess,
      ErrorCode.accountDisabled,
      ErrorCode.targetStatusForbidsScore,
      ErrorCode.agentLineLocked,
      ErrorCode.agentLineFrozen,
      ErrorCode.siteMaintenance,
    ],
  }),
  lobbyTransfer: call({
    path: '/lobby/transfers',
    summary:
      "A member moving points from the lobby: `in` from its back office points to the platform, `out` back; answered with the transfer's outcome (applied once per request id)",
    effect: 'transfer',
    request: z.object({
      siteId: siteIdSchema,
      requestId: lobbyRequestIdSchema,
      memberId: idSchema,
      type: transferType,
      amount: lobbyAmount,
      ip: memberIp.optional(),
    }),
    answer: z.object({
      /** The back office's transfer id ("LB-" + the request id): the id it calls the platform with. */
      transferId: transferIdSchema,
      type: transferType,
      /**
       * `done`; `pending`: the platform's answer to the back office was lost, the record of the id
       * will settle it (ask again with the same request id); `reversed` / `failed`: the platform
       * refused it (an `in` returned to the member, an `out` not credited).
       */
      state: z.enum(['pending', 'done', 'reversed', 'failed']),
      /** The member's points at the back office now. */
      balance: wireCents,
    }),
    // 20002 no such member of the site, 20003 its status or line forbids it, 37111 too few points,
    // 37112 too few at the platform, 37165 another transfer of the member is unsettled, 37101 the
    // request id was used for another transfer, 2250 the site is switched off.
    refusals: [
      ErrorCode.accountNotFound,
      ErrorCode.targetStatusForbidsScore,
      ErrorCode.targetBalanceLow,
      ErrorCode.platformBalanceLow,
      ErrorCode.repairTooEarly,
      ErrorCode.thirdPartyEmptyResult,
      ErrorCode.siteMaintenance,
    ],
  }),
} as const;

export type BackOfficeCallName = keyof typeof backOfficeCalls;
export type BackOfficeRequest<C extends BackOfficeCallName> = z.output<(typeof backOfficeCalls)[C]['request']>;
export type BackOfficeAnswer<C extends BackOfficeCallName> = z.output<(typeof backOfficeCalls)[C]['answer']>;

export type PlatformCallName = keyof typeof platformCalls;
/** A call's request or answer as code sees it (bigint, Date), and as it travels (strings). */
export type PlatformRequest<C extends PlatformCallName> = z.output<(typeof platformCalls)[C]['request']>;
export type PlatformAnswer<C extends PlatformCallName> = z.output<(typeof platformCalls)[C]['answer']>;
export type PlatformWireAnswer<C extends PlatformCallName> = z.input<(typeof platformCalls)[C]['answer']>;

/**
 * A refusal, whatever the call: a catalogue code. Its HTTP status says why (docs/platform-api.md):
 * 400 the request does not parse (100, -32700), 401 its signature is refused (37100), 404 no such
 * call (110), 409 the platform refuses it for certain (37112, 37101), 413 too large (-32001).
 * Nothing was applied by a call answered with any of these. A 5xx applied nothing or something.
 */
export const platformRefusalSchema = z.object({ code: z.number().int() });

export const platformRefusalStatus = {
  badRequest: 400,
  signature: 401,
  notFound: 404,
  refused: 409,
  tooLarge: 413,
} as const;

/** Every request body is at most this size (the feed's answers may be larger). */
export const PLATFORM_BODY_LIMIT = 8 * 1024 * 1024;

type FeedItemOut = PlatformAnswer<'readFeed'>['items'][number];
type FeedAnswerWire = PlatformWireAnswer<'readFeed'>;
type FeedBetOut = Extract<FeedItemOut, { kind: 'bet' }>['bet'];
type FeedRoundOut = Extract<FeedItemOut, { kind: 'round' }>['round'];
type FeedSuggestionOut = Extract<FeedItemOut, { kind: 'suggestion' }>['suggestion'];
const wireCentsOf = (cents: number) => String(cents);
const isoTextOf = (time: Date) => time.toISOString();

/** A feed item whose times are `Time`: Dates as read, or the texts a platform stores them as. */
export type FeedItemTimed<Time> = { seq: string; siteId: string } & (
  | { kind: 'bet'; bet: Omit<FeedBetOut, 'betTime' | 'settleTime'> & { betTime: Time; settleTime: Time | null } }
  | { kind: 'round'; round: Omit<FeedRoundOut, 'startedAt' | 'endedAt'> & { startedAt: Time; endedAt: Time } }
  | { kind: 'suggestion'; suggestion: Omit<FeedSuggestionOut, 'sentAt'> & { sentAt: Time } }
);

/**
 * The feed's answer as the wire carries it, written field by field. Same result as z.encode of
 * readFeed's answer schema (a test holds them equal for every kind of item), without its cost:
 * zod encodes outside its compiled fast path, about 0.2 ms an item, a second for a page of 5,000,
 * which made the platform's answer the feed's bottleneck. The reader still checks every field.
 */
export function encodeFeedAnswer(answer: PlatformAnswer<'readFeed'>): FeedAnswerWire {
  return { items: answer.items.map((item) => encodeFeedItem(item, isoTextOf)) };
}

/**
 * One item as the wire carries it, its times written by `timeText`: toISOString for Dates; a
 * platform that stores its items' times as texts writes them without making Dates of them.
 */
export function encodeFeedItem<Time>(item: FeedItemTimed<Time>, timeText: (time: Time) => string): FeedAnswerWire['items'][number] {
  // Each field named, no spread: a few times faster on a page of 5,000, and, as z.encode, a key
  // the schema does not know (the simulator's bets carry their device) is left out.
  if (item.kind === 'round') {
    const { round } = item;
    return {
      seq: item.seq,
      siteId: item.siteId,
      kind: 'round',
      round: {
        gameCode: round.gameCode,
        gameId: round.gameId,
        round: round.round,
        startedAt: timeText(round.startedAt),
        endedAt: timeText(round.endedAt),
        result: round.result,
      },
    };
  }
  if (item.kind === 'suggestion') {
    const { suggestion } = item;
    return {
      seq: item.seq,
      siteId: item.siteId,
      kind: 'suggestion',
      suggestion: {
        suggestionId: suggestion.suggestionId,
        memberId: suggestion.memberId,
        kind: suggestion.kind,
        title: suggestion.title,
        content: suggestion.content,
        device: suggestion.device,
        sentAt: timeText(suggestion.sentAt),
      },
    };
  }
  const { bet } = item;
  return {
    seq: item.seq,
    siteId: item.siteId,
    kind: 'bet',
    bet: {
      orderId: bet.orderId,
      memberId: bet.memberId,
      betTime: timeText(bet.betTime),
      settleTime: bet.settleTime === null ? null : timeText(bet.settleTime),
      gameCode: bet.gameCode,
      gameType: bet.gameType,
      playType: bet.playType,
      betCode: bet.betCode,
      gameId: bet.gameId,
      gameName: bet.gameName,
      round: bet.round,
      transactionId: bet.transactionId,
      status: bet.status,
      bet: wireCentsOf(bet.bet),
      validBet: wireCentsOf(bet.validBet),
      settle: wireCentsOf(bet.settle),
      winLoss: wireCentsOf(bet.winLoss),
      jackpot: wireCentsOf(bet.jackpot),
      jackpotWon: wireCentsOf(bet.jackpotWon),
      jackpotRake: wireCentsOf(bet.jackpotRake),
      redPacket: wireCentsOf(bet.redPacket),
    },
  };
}

/** What reading an answer comes to: zod's safeParse has this shape, and so has decodeFeedAnswer. */
export type AnswerRead<T> = { success: true; data: T } | { success: false };

const wireTimePattern = z.regexes.datetime({ offset: true });
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value: unknown, max: number): value is string => typeof value === 'string' && value.length <= max;
const isMatch = (value: unknown, pattern: RegExp): value is string => typeof value === 'string' && pattern.test(value);
const isOneOf = <T extends string>(value: unknown, options: readonly T[]): value is T => options.includes(value as T);

/** Thrown inside decodeFeedAnswer at the first field that breaks the schema. */
const broken = Symbol('broken');
function timeOf(value: unknown): Date {
  if (!isMatch(value, wireTimePattern)) throw broken;
  return new Date(value);
}
function centsOf(value: unknown): number {
  if (!isMatch(value, centsPattern)) throw broken;
  const cents = Number(value);
  if (!Number.isSafeInteger(cents)) throw broken;
  return cents;
}
function textOf(value: unknown, max: number): string {
  if (!isText(value, max)) throw broken;
  return value;
}
function matchOf(value: unknown, pattern: RegExp): string {
  if (!isMatch(value, pattern)) throw broken;
  return value;
}
function oneOf<T extends string>(value: unknown, options: readonly T[]): T {
  if (!isOneOf(value, options)) throw broken;
  return value;
}

function decodeFeedBet(bet: unknown): FeedBetOut {
  if (!isObject(bet)) throw broken;
  return {
    orderId: textOf(bet.orderId, 64),
    memberId: matchOf(bet.memberId, idPattern),
    betTime: timeOf(bet.betTime),
    settleTime: bet.settleTime === null ? null : timeOf(bet.settleTime),
    gameCode: matchOf(bet.gameCode, gameCodePattern),
    gameType: oneOf(bet.gameType, gameTypes),
    playType: textOf(bet.playType, 64),
    betCode: textOf(bet.betCode, 128),
    gameId: textOf(bet.gameId, 64),
    gameName: textOf(bet.gameName, 128),
    round: textOf(bet.round, 64),
    transactionId: textOf(bet.transactionId, 64),
    status: oneOf(bet.status, betStatuses),
    bet: centsOf(bet.bet),
    validBet: centsOf(bet.validBet),
    settle: centsOf(bet.settle),
    winLoss: centsOf(bet.winLoss),
    jackpot: centsOf(bet.jackpot),
    jackpotWon: centsOf(bet.jackpotWon),
    jackpotRake: centsOf(bet.jackpotRake),
    redPacket: centsOf(bet.redPacket),
  };
}
function decodeFeedItem(item: unknown): FeedItemOut {
  if (!isObject(item)) throw broken;
  if (item.kind === 'bet') {
    return { seq: matchOf(item.seq, seqPattern), siteId: matchOf(item.siteId, siteIdPattern), kind: 'bet', bet: decodeFeedBet(item.bet) };
  }
  // Rounds and suggestions are few beside the bets: their own schemas read them.
  const read = item.kind === 'round' ? feedRoundItem.safeParse(item) : feedSuggestionItem.safeParse(item);
  if (!read.success) throw broken;
  return read.data;
}

/**
 * The feed's answer read as readFeed's answer schema reads it (the same answer, or a failure
 * where it fails; a test holds them equal for every kind of item, valid or broken), field by
 * field for the bets. zod reads a page of 5,000 bets in about 70 ms (its codecs run outside its
 * compiled fast path), on the thread that is storing the page before; this reads it in about 15.
 */
export function decodeFeedAnswer(json: unknown): AnswerRead<PlatformAnswer<'readFeed'>> {
  if (!isObject(json) || !Array.isArray(json.items) || json.items.length > FEED_READ_MAX) return { success: false };
  try {
    return { success: true, data: { items: json.items.map(decodeFeedItem) } };
  } catch (error) {
    if (error === broken) return { success: false };
    throw error;
  }
}

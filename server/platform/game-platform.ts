import type { ErrorCodeValue } from '../../contract/errors.contract';
import type { Device } from '../../contract/game.contract';
import type { Queryable } from '../kernel/db/database';

/**
 * The game platform as the back office sees it: a third party behind this interface. The
 * embedded default is the simulator (server/simulator), whose books live in tables of the
 * same database; a real platform's adapter speaks its HTTP API and ignores the `db` it is given.
 *
 * A call either answers, or refuses for certain (PlatformRefusal: nothing happened there), or
 * fails in any other way: then the outcome is unknown, and only the platform's own record of the
 * transfer id (settleTransfer) may say what happened. Nothing is ever guessed.
 */

export type BetStatus = 'unsettled' | 'settled' | 'cancelled' | 'resettled';

/**
 * A bet as the game platform reports it. Amounts are integer cents; `winLoss` is the member's
 * (settle - bet + jackpotWon + redPacket). `jackpotRake` is what the stake fed the jackpot pool,
 * `jackpot` the pool when the bet settled, `jackpotWon` what the bet won from it.
 */
export interface PlatformBet {
  orderId: string;
  memberId: string;
  betTime: Date;
  settleTime: Date | null;
  gameCode: string;
  gameType: 'live' | 'electronic';
  /** The kind of bet in the platform's words ("banker", "straight", "spin"). */
  playType: string;
  /** The exact bet ("straight:17", "combo:1-2"). */
  betCode: string;
  gameId: string;
  gameName: string;
  round: string;
  transactionId: string;
  status: BetStatus;
  bet: number;
  validBet: number;
  settle: number;
  winLoss: number;
  jackpot: number;
  jackpotWon: number;
  jackpotRake: number;
  redPacket: number;
}

/** A finished round as the platform reports it. */
export interface PlatformRound {
  gameCode: string;
  gameId: string;
  round: string;
  startedAt: Date;
  endedAt: Date;
  result: object;
}

export interface TransferCall {
  siteId: string;
  /** Ours, unique per site: the platform keeps it, so a repeated call is applied once. */
  transferId: string;
  memberId: string;
  /** Positive integer cents. */
  amount: bigint;
  now: Date;
}

export interface PlatformRecord {
  state: 'applied' | 'void';
  memberId: string;
  type: 'in' | 'out';
  amount: bigint;
}

/**
 * What the platform must know of an account to judge its bets (the back office pushes it on
 * every change, agents included: the platform walks a member's line through its own copy).
 */
export interface PlatformAccount {
  accountId: string;
  level: number;
  /** The line, company first: "/1/5/23/". */
  path: string;
  /** AccountStatus: the account's own, then the one it set on its whole line. */
  status: number;
  teamStatus: number;
  /** Stop-bet on the line below (an agent's switch). */
  betStopped: boolean;
  betPaused: boolean;
  devices: { pc: boolean; h5: boolean; app: boolean };
  /** Cents, 0 = no maximum; `winBlocked` is the back office's verdict on it. */
  maxWin: bigint;
  winBlocked: boolean;
  /**
   * A member's time-out or self-exclusion: no bet until `until` (null: permanent); null when none.
   * The platform judges it by its own clock, so an exclusion that ran out needs no push.
   */
  exclusion: { until: Date | null } | null;
  /**
   * Per game type: its switch, its red limit in cents (0 = none), and whether the agent's line
   * reached its agent-to-company limit (no new bet of its members until the bill closes).
   */
  gameTypes: Record<string, { enabled: boolean; redLimit: bigint; limitReached: boolean }>;
}

/** A member's suggestion or complaint, written at the platform (in its lobby). */
export interface PlatformSuggestion {
  /** The platform's id: the back office keeps each once. */
  suggestionId: string;
  memberId: string;
  kind: 'suggestion' | 'complaint';
  title: string;
  content: string;
  device: Device;
  sentAt: Date;
}

/** What the platform publishes, in order: bets (new and settled again), rounds, members' suggestions. */
export type FeedItem = { seq: string; siteId: string } & (
  { kind: 'bet'; bet: PlatformBet } | { kind: 'round'; round: PlatformRound } | { kind: 'suggestion'; suggestion: PlatformSuggestion }
);

/** What a member holds at the platform: its balance and the stakes of its bets not settled yet (a bet in play pays out later). */
export interface Holding {
  balance: bigint;
  inPlay: bigint;
}

export interface GamePlatform {
  /** Credits the member at the platform; answers its balance there after. */
  transferIn(call: TransferCall): Promise<{ balance: bigint }>;
  /** Debits the member at the platform (refused with 37112 when its balance there is lower); answers what it holds there after. */
  transferOut(call: TransferCall): Promise<Holding>;
  /** The platform's record of a transfer id, or null when it never saw it. */
  queryTransfer(call: { siteId: string; transferId: string }): Promise<PlatformRecord | null>;
  /**
   * Settles a transfer whose answer was lost: the platform's record when it applied it, else it
   * records the id as void (a late request with it is refused), so "never applied" stays true.
   */
  settleTransfer(call: TransferCall & { type: 'in' | 'out' }): Promise<PlatformRecord>;
  /** The member's balance at the platform. */
  balance(call: { siteId: string; memberId: string }): Promise<bigint>;
  /** The member's balance at the platform with its stakes in play. */
  holding(call: { siteId: string; memberId: string }): Promise<Holding>;
  /** The games closed for the site, all of them (the rest are open): the platform takes no bet on those. */
  setClosedGames(call: { siteId: string; gameCodes: string[] }): Promise<void>;
  /**
   * The feed after a position (its `seq`, "0" for the start), oldest first, at most `limit` items;
   * with `siteId`, only that site's items (an HTTP site's ingest reads its own feed from its own cursor).
   */
  readFeed(call: { after: string; limit: number; siteId?: string }): Promise<FeedItem[]>;
  /** Accounts' settings as they are now, each replacing what the platform had of it. */
  setAccounts(call: { siteId: string; accounts: PlatformAccount[] }): Promise<void>;
  /** The site's game notices not yet ended, all of them: they replace what the platform had. */
  setGameNotices(call: { siteId: string; notices: PlatformGameNotice[] }): Promise<void>;
  /** Answers to members' suggestions, each replacing any earlier answer to the same suggestion: the member reads it there. */
  replySuggestions(call: { siteId: string; replies: PlatformReply[] }): Promise<void>;
  /** What the platform's lobby shows for the site now: tables playing, members seated, the game notices in their window. */
  lobby(call: { siteId: string; now: Date }): Promise<PlatformLobby>;
  /** The platform's game list: every game it runs. */
  games(): Promise<PlatformGame[]>;
  /** The site's statement for a window of at most a day: its bets per member and game, its transfers, its members' balances. */
  statement(call: StatementWindow): Promise<PlatformStatement>;
}

/** A statement's window: from (included) to the cut-off (excluded), at most a day. */
export interface StatementWindow {
  siteId: string;
  from: Date;
  to: Date;
}

/** The platform's statement of a site for a window (docs/platform-api.md, "The statement"). */
export interface PlatformStatement extends StatementWindow {
  /** Per member and game: the bets whose bet time is in the window, in their latest state; amounts in cents. */
  bets: { memberId: string; gameCode: string; count: number; bet: bigint; validBet: bigint; winLoss: bigint }[];
  /** Each transfer applied in the window, once per time it was applied. */
  transfers: { transferId: string; memberId: string; type: 'in' | 'out'; amount: bigint; at: Date }[];
  /** Members' balances at the platform at `from` and at `to`. */
  wallets: { memberId: string; opening: bigint; closing: bigint }[];
}

export interface PlatformGame {
  gameCode: string;
  gameType: 'live' | 'electronic';
  /** The platform's own name of the game. */
  gameName: string;
}

export interface PlatformGameNotice {
  noticeId: string;
  title: Record<string, string>;
  content: Record<string, string>;
  /** Empty: every game. */
  gameCodes: string[];
  startTime: Date;
  endTime: Date;
}

/** The back office's answer to a member's suggestion, by the platform's id of the suggestion. */
export interface PlatformReply {
  suggestionId: string;
  memberId: string;
  reply: string;
  repliedAt: Date;
}

export interface PlatformLobby {
  tables: number;
  players: number;
  notices: { noticeId: string; title: Record<string, string> }[];
}

/** How a gateway gets the platform for the connection (or transaction) it works in. */
export type PlatformFor = (db: Queryable) => GamePlatform;

/** The platform refused for certain: nothing was applied there. */
export class PlatformRefusal extends Error {
  constructor(readonly code: ErrorCodeValue) {
    super(`the game platform refused (${code})`);
  }
}

/** The platform's answer did not come back (timeout, connection lost): the outcome is unknown. */
export class PlatformSilent extends Error {
  /** The call and why no answer came ("readFeed: connection refused"), for the log and the health. */
  readonly what: string;
  constructor(what: string) {
    super(`no answer from the game platform: ${what}`);
    this.what = what;
  }
}

/**
 * Fault injection for the repair path: the next calls of the named kinds lose their answer,
 * either before the platform sees the call (`before`) or after it applied it (`after`). Each
 * fault fires once and leaves `pending` (shared by every wrapper given the same list).
 */
export type Fault = {
  call: 'transferIn' | 'transferOut' | 'settleTransfer' | 'setClosedGames' | 'setAccounts' | 'setGameNotices' | 'replySuggestions';
  when: 'before' | 'after';
};

export function withFaults(platform: GamePlatform, pending: Fault[]): GamePlatform {
  const faulty =
    <A, R>(call: Fault['call'], work: (arg: A) => Promise<R>) =>
    async (arg: A): Promise<R> => {
      const index = pending.findIndex((fault) => fault.call === call);
      if (index < 0) return work(arg);
      const [fault] = pending.splice(index, 1);
      if (fault!.when === 'before') throw new PlatformSilent(`${call} lost before the platform saw it`);
      await work(arg);
      throw new PlatformSilent(`${call} applied, answer lost`);
    };
  return {
    transferIn: faulty('transferIn', (call: TransferCall) => platform.transferIn(call)),
    transferOut: faulty('transferOut', (call: TransferCall) => platform.transferOut(call)),
    settleTransfer: faulty('settleTransfer', (call: TransferCall & { type: 'in' | 'out' }) => platform.settleTransfer(call)),
    queryTransfer: (call) => platform.queryTransfer(call),
    balance: (call) => platform.balance(call),
    holding: (call) => platform.holding(call),
    readFeed: (call) => platform.readFeed(call),
    setClosedGames: faulty('setClosedGames', (call: { siteId: string; gameCodes: string[] }) => platform.setClosedGames(call)),
    setAccounts: faulty('setAccounts', (call: { siteId: string; accounts: PlatformAccount[] }) => platform.setAccounts(call)),
    setGameNotices: faulty('setGameNotices', (call: { siteId: string; notices: PlatformGameNotice[] }) => platform.setGameNotices(call)),
    replySuggestions: faulty('replySuggestions', (call: { siteId: string; replies: PlatformReply[] }) => platform.replySuggestions(call)),
    lobby: (call) => platform.lobby(call),
    games: () => platform.games(),
    statement: (call) => platform.statement(call),
  };
}

import type { Queryable } from '../kernel/db/database';
import { PlatformSilent, type GamePlatform, type PlatformFor } from '../platform/game-platform';
import {
  recordPlatformFailure,
  recordPlatformSuccess,
  sitePlatformConnection,
  type HttpConnection,
} from '../platform/site-platform.repository';
import { httpPlatform } from '../platform/http-platform';
import type { PlatformWatch } from '../platform/platform-watch';

export interface SitePlatformsOptions {
  /** The platform of sites without a row or with kind `embedded` (the simulator's books in this database). */
  embedded: PlatformFor;
  /** The time requests are signed with: the gateway's clock. */
  now: () => Date;
  /** How an HTTP site's platform is made: httpPlatform unless a test watches the calls. */
  http?: (connection: HttpConnection) => GamePlatform;
  /** Told of every HTTP call's answer or silence: the log lines and the metrics' error count. */
  watch?: PlatformWatch;
}

/** A site's last successful call is written at most this often by one process (the health screens read it to the minute). */
export const SUCCESS_WRITE_EVERY_MS = 5_000;

/**
 * Records an HTTP site's platform answering or not, for the platform health (site_platform_calls):
 * a success at most once per SUCCESS_WRITE_EVERY_MS per site in this process (at once after a
 * failure, which it resets), every call without an answer, each in a savepoint of the caller's
 * transaction if it has one and never failing the call it follows. The feed's reads are recorded
 * by the feed ingest on its cursor row; a feed read here only once it answers after a failure.
 */
function callRecorder(now: () => Date, watch: PlatformWatch | undefined) {
  const writtenAt = new Map<string, number>();
  const failedSince = new Set<string>();
  return {
    async answered(db: Queryable, siteId: string, feed: boolean) {
      const at = now();
      watch?.answered(siteId, at);
      const forced = failedSince.has(siteId);
      if (feed && !forced) return;
      // Math.abs: a clock set back (a test's, or NTP) does not silence the recording until it catches up.
      if (!forced && Math.abs(at.getTime() - (writtenAt.get(siteId) ?? -Infinity)) < SUCCESS_WRITE_EVERY_MS) return;
      writtenAt.set(siteId, at.getTime());
      failedSince.delete(siteId);
      await db.transaction((tx) => recordPlatformSuccess(tx, siteId, at)).catch(() => writtenAt.delete(siteId));
    },
    async failed(db: Queryable, siteId: string, error: PlatformSilent, feed: boolean) {
      const at = now();
      watch?.failed(siteId, error.what, at);
      failedSince.add(siteId);
      // A feed read fails inside the ingest's transaction, which rolls back: the ingest records it (feed-ingest.ts).
      if (feed) return;
      await db.transaction((tx) => recordPlatformFailure(tx, siteId, at, error.what)).catch(() => undefined);
    },
  };
}

/** The HTTP platform of one site, each call's answer or silence recorded. */
function recorded(platform: GamePlatform, record: (feed: boolean, silent?: PlatformSilent) => Promise<void>): GamePlatform {
  const after =
    <A extends unknown[], R>(method: (...args: A) => Promise<R>, feed = false) =>
    async (...args: A): Promise<R> => {
      let answer: R;
      try {
        answer = await method(...args);
      } catch (error) {
        if (error instanceof PlatformSilent) await record(feed, error);
        throw error;
      }
      await record(feed);
      return answer;
    };
  return {
    transferIn: after(platform.transferIn.bind(platform)),
    transferOut: after(platform.transferOut.bind(platform)),
    queryTransfer: after(platform.queryTransfer.bind(platform)),
    settleTransfer: after(platform.settleTransfer.bind(platform)),
    balance: after(platform.balance.bind(platform)),
    holding: after(platform.holding.bind(platform)),
    setClosedGames: after(platform.setClosedGames.bind(platform)),
    setAccounts: after(platform.setAccounts.bind(platform)),
    setGameNotices: after(platform.setGameNotices.bind(platform)),
    replySuggestions: after(platform.replySuggestions.bind(platform)),
    lobby: after(platform.lobby.bind(platform)),
    readFeed: after(platform.readFeed.bind(platform), true),
    games: platform.games.bind(platform),
    statement: after(platform.statement.bind(platform)),
  };
}

/**
 * A site's HTTP platform paused after a restore: every call fails as unanswered without leaving
 * this process (the copy's state is not the live platform's), and nothing records it as the
 * platform's silence. The background work skips such sites before calling.
 */
function pausedPlatform(siteId: string): GamePlatform {
  const refuse = (call: string) => async (): Promise<never> => {
    throw new PlatformSilent(`${call}: the platform of ${siteId} is paused since a restore (npm run site -- platform ${siteId} --resume)`);
  };
  return {
    transferIn: refuse('transferIn'),
    transferOut: refuse('transferOut'),
    queryTransfer: refuse('queryTransfer'),
    settleTransfer: refuse('settleTransfer'),
    balance: refuse('balance'),
    holding: refuse('holding'),
    setClosedGames: refuse('setClosedGames'),
    setAccounts: refuse('setAccounts'),
    setGameNotices: refuse('setGameNotices'),
    replySuggestions: refuse('replySuggestions'),
    lobby: refuse('lobby'),
    readFeed: refuse('readFeed'),
    games: async () => [],
    statement: refuse('statement'),
  };
}

/**
 * The game platform of each site (docs/operations.md, "Sites", `platform`): every call goes to the
 * platform of the site it names. The site's row is read on every call (one primary-key read), never
 * cached: every gateway process sees a change of `npm run site -- platform` at its next call, so
 * two processes never send one site's transfers to two platforms. Calls that name no site (the feed
 * without a siteId, the game list) go to the embedded platform; a feed read naming a site goes to
 * that site's platform (feed-ingest.ts reads each HTTP site's feed from a cursor of its own).
 */
export function sitePlatforms(options: SitePlatformsOptions): PlatformFor {
  const http = options.http ?? ((connection: HttpConnection) => httpPlatform({ ...connection, now: options.now }));
  const recorder = callRecorder(options.now, options.watch);
  return (db: Queryable) => {
    const embedded = options.embedded(db);
    async function of(siteId: string): Promise<GamePlatform> {
      const connection = await sitePlatformConnection(db, siteId);
      if (connection?.paused) return pausedPlatform(siteId);
      return connection
        ? recorded(http(connection), (feed, silent) =>
            silent ? recorder.failed(db, siteId, silent, feed) : recorder.answered(db, siteId, feed),
          )
        : embedded;
    }
    return {
      transferIn: async (call) => (await of(call.siteId)).transferIn(call),
      transferOut: async (call) => (await of(call.siteId)).transferOut(call),
      queryTransfer: async (call) => (await of(call.siteId)).queryTransfer(call),
      settleTransfer: async (call) => (await of(call.siteId)).settleTransfer(call),
      balance: async (call) => (await of(call.siteId)).balance(call),
      holding: async (call) => (await of(call.siteId)).holding(call),
      setClosedGames: async (call) => (await of(call.siteId)).setClosedGames(call),
      setAccounts: async (call) => (await of(call.siteId)).setAccounts(call),
      setGameNotices: async (call) => (await of(call.siteId)).setGameNotices(call),
      replySuggestions: async (call) => (await of(call.siteId)).replySuggestions(call),
      lobby: async (call) => (await of(call.siteId)).lobby(call),
      // With a site, its platform's feed of that site; without, the embedded feed (all its sites).
      readFeed: async (call) => (call.siteId === undefined ? embedded.readFeed(call) : (await of(call.siteId)).readFeed(call)),
      games: () => embedded.games(),
      statement: async (call) => (await of(call.siteId)).statement(call),
    };
  };
}

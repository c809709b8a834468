import { sql } from '../kernel/db/sql';
import { ErrorCode } from '../../contract/errors.contract';
import type { Queryable } from '../kernel/db/database';
import { storeSuggestions } from '../notices/suggestion.store';
import { httpPlatformSiteIds, recordPlatformFailure } from '../platform/site-platform.repository';
import { prepareBets, storeBetBatch, type BetBatch } from './bet.store';
import {
  PlatformRefusal,
  PlatformSilent,
  type GamePlatform,
  type PlatformBet,
  type PlatformFor,
  type PlatformSuggestion,
} from '../platform/game-platform';
import { storeRounds, type SiteRound } from './game-round.store';

/**
 * The platforms' feeds into the back office (docs/platform-api.md, "The feed and its cursor"): bets
 * (new and settled again), rounds and members' suggestions, each page stored in the transaction
 * that moves its cursor. The embedded platform's feed (all its sites) has one cursor
 * (platform_feed_cursor, read by the demo's tick); each site on an HTTP platform reads its own feed
 * from its own cursor (site_feed_cursors), as periodic background work of the gateway.
 */

/**
 * Feed items read a transaction. A live feed brings a few at a time; after an outage the job
 * catches up in big reads, each stored in one statement (fixed costs spread over more bets),
 * up to FEED_PAGES of them a run (a page takes a few hundred milliseconds).
 */
export const FEED_BATCH = 5_000;
export const FEED_PAGES = 10;

/** Which feed and cursor: the embedded platform's (no site), or one HTTP site's. */
type FeedSource = { siteId?: undefined } | { siteId: string };

/** A page of the feed from a position, sorted and made ready to store: its bets prepared per site. */
interface FeedPage {
  after: string;
  /** Items read, and the position of the last. */
  count: number;
  last: string;
  rounds: SiteRound[];
  bets: Map<string, BetBatch>;
  suggestions: Map<string, PlatformSuggestion[]>;
}

async function readFeedPage(platform: GamePlatform, source: FeedSource, after: string, limit: number): Promise<FeedPage> {
  const items = await platform.readFeed(source.siteId === undefined ? { after, limit } : { after, limit, siteId: source.siteId });
  // A site's feed holds that site's items only: a page with another's is refused whole (nothing
  // stored, the cursor stays), so a platform's mistake never files bets under the wrong site.
  if (source.siteId !== undefined && items.some((item) => item.siteId !== source.siteId)) {
    throw new PlatformRefusal(ErrorCode.thirdPartyEmptyResult);
  }
  const rounds: SiteRound[] = [];
  const bets = new Map<string, PlatformBet[]>();
  const suggestions = new Map<string, PlatformSuggestion[]>();
  const add = <T>(bySite: Map<string, T[]>, siteId: string, item: T) => {
    const list = bySite.get(siteId);
    if (list) list.push(item);
    else bySite.set(siteId, [item]);
  };
  for (const item of items) {
    if (item.kind === 'round') rounds.push({ ...item.round, siteId: item.siteId });
    else if (item.kind === 'bet') add(bets, item.siteId, item.bet);
    else add(suggestions, item.siteId, item.suggestion);
  }
  const prepared = new Map([...bets].map(([siteId, list]) => [siteId, prepareBets(list)]));
  return { after, count: items.length, last: items.at(-1)?.seq ?? after, rounds, bets: prepared, suggestions };
}

/**
 * The cursor's position, its row locked to the end of the transaction; null when another
 * process holds a site's row (it is storing that site's page: this run leaves the site to it).
 */
async function lockCursor(tx: Queryable, source: FeedSource): Promise<string | null> {
  if (source.siteId === undefined) {
    const cursor = await tx.one<{ seq: bigint }>(sql`SELECT seq FROM platform_feed_cursor WHERE id = 1 FOR UPDATE`);
    return String(cursor!.seq);
  }
  // The row made when missing, then locked: both leave in one round trip (the transaction's
  // pipeline keeps their order), one less wait before every page of a site's feed.
  const made = tx.run(sql`INSERT INTO site_feed_cursors (site_id) VALUES (${source.siteId}) ON CONFLICT DO NOTHING`);
  const locked = tx.one<{ seq: bigint }>(sql`SELECT seq FROM site_feed_cursors WHERE site_id = ${source.siteId} FOR UPDATE SKIP LOCKED`);
  // A failed insert fails the lock too: its own error is the one thrown.
  locked.catch(() => undefined);
  await made;
  const cursor = await locked;
  return cursor ? String(cursor.seq) : null;
}

/**
 * Moves the cursor past a page read at `now` (an empty page leaves it where it is). A site's
 * cursor row also keeps what the platform health reads (migration 0048), in the write that moves
 * it: when a page was last read, when the feed was last read to its end (a page shorter than asked
 * for; the lag in seconds counts from it) and the lag in items. The feed's answer does not say how
 * many items remain, so the lag in items is what the last page held when it came full (the feed
 * had at least that many beyond the cursor, maybe more), and 0 once a page comes short.
 */
async function moveCursor(tx: Queryable, source: FeedSource, page: { last: string; count: number; full: boolean }, now: Date) {
  if (source.siteId === undefined) {
    if (page.count > 0) await tx.run(sql`UPDATE platform_feed_cursor SET seq = ${page.last} WHERE id = 1`);
    return;
  }
  await tx.run(sql`UPDATE site_feed_cursors
      SET seq = ${page.last}, read_at = ${now},
          read_to_end_at = ${page.full ? sql`read_to_end_at` : sql`${now}`}, behind_items = ${page.full ? page.count : 0}
    WHERE site_id = ${source.siteId}`);
}

/**
 * Stores one page of the feed and moves the cursor past it, all in one transaction, so an item
 * is stored once whatever fails (each store also ignores what it already holds). `ahead` is the
 * page read ahead, used only if it was read from where the cursor stands now (another process
 * may have moved it since: then the page is read again). When the page is full and `onNext` is
 * given, the next one is read and prepared on a connection of its own while this one is stored:
 * the platform's latency, the parsing of its answer and the preparing of its bets overlap the store.
 */
async function ingestFeedPage(
  db: Queryable,
  platformFor: PlatformFor,
  source: FeedSource,
  now: Date,
  limit: number,
  ahead: FeedPage | null,
  onNext?: (next: Promise<FeedPage | null>) => void,
): Promise<number> {
  return db.transaction(async (tx) => {
    const after = await lockCursor(tx, source);
    if (after === null) return 0;
    const page = ahead?.after === after ? ahead : await readFeedPage(platformFor(tx), source, after, limit);
    if (page.count === 0) {
      // Read to its end: the site's feed has no lag (the embedded cursor keeps no such record).
      await moveCursor(tx, source, { last: after, count: 0, full: false }, now);
      return 0;
    }
    // A full page: the next is read while the bets of this one are stored (or at once, without
    // bets). A failed read ahead only costs reading the page again, in its own transaction.
    let nextAsked = page.count < limit || !onNext;
    const readNext = () => {
      if (nextAsked) return;
      nextAsked = true;
      onNext?.(readFeedPage(platformFor(db), source, page.last, limit).catch(() => null));
    };
    await storeRounds(tx, page.rounds);
    for (const [siteId, batch] of page.bets) await storeBetBatch(tx, siteId, batch, now, { whileStoring: readNext });
    readNext();
    for (const [siteId, list] of page.suggestions) await storeSuggestions(tx, siteId, list, now);
    await moveCursor(tx, source, { last: page.last, count: page.count, full: page.count >= limit }, now);
    return page.count;
  });
}

export interface FeedReadOptions {
  limit?: number;
  pages?: number;
  /** One HTTP site's feed and cursor; without it, the embedded platform's. */
  siteId?: string;
}

/**
 * Reads a feed from the back office's cursor into the bets, rounds and suggestions, a page
 * (`limit` items) a transaction, page after page while they come full, at most `pages`: yields
 * each page's items as it is stored (a caller may work between pages, or stop). The next page is
 * read while one is stored; a page read ahead and not stored is read again later.
 */
export async function* ingestFeedPages(
  db: Queryable,
  platformFor: PlatformFor,
  now: Date,
  { limit = FEED_BATCH, pages = Infinity, siteId }: FeedReadOptions = {},
): AsyncGenerator<number, void, void> {
  const source: FeedSource = siteId === undefined ? {} : { siteId };
  let ahead: Promise<FeedPage | null> | null = null;
  try {
    for (let page = 1; page <= pages; page++) {
      // The process serves what waits between two pages: on PGlite a page is one run of promise
      // callbacks, and pages one after the other would hold back every request and timer.
      if (page > 1) await new Promise((resolve) => setImmediate(resolve));
      const prefetched: FeedPage | null = ahead ? await ahead : null;
      ahead = null;
      const count = await ingestFeedPage(
        db,
        platformFor,
        source,
        now,
        limit,
        prefetched,
        page < pages ? (next) => (ahead = next) : undefined,
      );
      if (count > 0) yield count;
      if (count < limit) return;
    }
  } finally {
    await ahead;
  }
}

/**
 * ingestFeedPages to the end of the feed or `pages` pages: a live feed brings a few items a
 * run, and after an outage the job catches up. Answers the feed items read.
 */
export async function ingestPlatformFeed(
  db: Queryable,
  platformFor: PlatformFor,
  now: Date,
  { limit = FEED_BATCH, pages = FEED_PAGES, siteId }: FeedReadOptions = {},
): Promise<number> {
  let read = 0;
  for await (const count of ingestFeedPages(db, platformFor, now, { limit, pages, ...(siteId === undefined ? {} : { siteId }) })) {
    read += count;
  }
  return read;
}

/** Where the HTTP sites' ingest reports a site whose feed could not be read this run. */
export type FeedIngestFailure = (siteId: string, error: unknown) => void;

/**
 * Each site on an HTTP platform, its feed from its own cursor (the gateway's periodic work,
 * whether or not the demo plays). A site whose platform fails or answers a malformed page keeps
 * its cursor and is tried again next run; the others go on. Answers the items stored.
 */
export async function ingestHttpSiteFeeds(
  db: Queryable,
  platformFor: PlatformFor,
  now: Date,
  options: { limit?: number; pages?: number; onFailure?: FeedIngestFailure } = {},
): Promise<number> {
  let read = 0;
  for (const siteId of await httpPlatformSiteIds(db)) {
    try {
      read += await ingestPlatformFeed(db, platformFor, now, {
        siteId,
        ...(options.limit === undefined ? {} : { limit: options.limit }),
        ...(options.pages === undefined ? {} : { pages: options.pages }),
      });
    } catch (error) {
      // Outside the page's transaction, which rolled back: the platform health counts the silence.
      if (error instanceof PlatformSilent) await recordPlatformFailure(db, siteId, now, error.what).catch(() => undefined);
      if (!options.onFailure) throw error;
      options.onFailure(siteId, error);
    }
  }
  return read;
}

import { sql, type SQL } from '../kernel/db/sql';
import { copyLine, prepared, type Queryable } from '../kernel/db/database';
import { raiseWatchedBets } from '../monitoring/monitoring-events';
import { lockRollups, storeQueued, storeWithRollups } from '../rollups/rollup.sql';
import { blockWinners } from '../game-rules/platform-rules';
import type { BetStatus, PlatformBet } from '../platform/game-platform';

export interface StoreOutcome {
  /** New bets, and bets whose state moved on (settled, cancelled, resettled). */
  stored: number;
  /** Bets already stored in this state or a later one (read twice), or of no member of the site. */
  ignored: number;
}

const rank: Record<BetStatus, number> = { unsettled: 0, settled: 1, cancelled: 1, resettled: 2 };

/** One report per bet: the latest state when a read holds a bet more than once (one statement may touch a row once). */
function latestPerBet(bets: readonly PlatformBet[]): PlatformBet[] {
  const latest = new Map<string, PlatformBet>();
  for (const bet of bets) {
    const key = `${bet.orderId}@${bet.betTime.getTime()}`;
    const kept = latest.get(key);
    const later =
      !kept ||
      rank[bet.status] > rank[kept.status] ||
      (rank[bet.status] === rank[kept.status] && (bet.settleTime?.getTime() ?? 0) > (kept.settleTime?.getTime() ?? 0));
    if (later) latest.set(key, bet);
  }
  return [...latest.values()];
}

/** Makes the month partitions (UTC month starts, ISO) exist, each once. */
async function ensurePartitions(db: Queryable, months: readonly string[]) {
  for (const month of months) await db.run(prepared(sql`SELECT bets_partition_for(${month}::timestamptz)`));
}

const wire = (bet: PlatformBet) => ({
  order_id: bet.orderId,
  member_id: bet.memberId,
  bet_time: bet.betTime.toISOString(),
  settle_time: bet.settleTime?.toISOString() ?? null,
  game_code: bet.gameCode,
  game_type: bet.gameType,
  play_type: bet.playType,
  bet_code: bet.betCode,
  game_id: bet.gameId,
  game_name: bet.gameName,
  round_no: bet.round,
  transaction_id: bet.transactionId,
  status: bet.status,
  bet: bet.bet,
  valid_bet: bet.validBet,
  settle: bet.settle,
  win_loss: bet.winLoss,
  jackpot: bet.jackpot,
  jackpot_won: bet.jackpotWon,
  jackpot_rake: bet.jackpotRake,
  red_packet: bet.redPacket,
});

/** The platform's columns of a bet and their types, as `wire` names them. */
const BET_COLUMN_TYPES = {
  order_id: 'text',
  member_id: 'bigint',
  bet_time: 'timestamptz',
  settle_time: 'timestamptz',
  game_code: 'text',
  game_type: 'text',
  play_type: 'text',
  bet_code: 'text',
  game_id: 'text',
  game_name: 'text',
  round_no: 'text',
  transaction_id: 'text',
  status: 'text',
  bet: 'bigint',
  valid_bet: 'bigint',
  settle: 'bigint',
  win_loss: 'bigint',
  jackpot: 'bigint',
  jackpot_won: 'bigint',
  jackpot_rake: 'bigint',
  red_packet: 'bigint',
} as const satisfies Record<keyof ReturnType<typeof wire>, string>;

export const BET_COLUMNS = Object.keys(BET_COLUMN_TYPES) as (keyof typeof BET_COLUMN_TYPES)[];

/** The columns with their types: a record type for JSON rows, or a staging table's definition. */
export const BET_ROW_TYPE = sql.raw(BET_COLUMNS.map((column) => `${column} ${BET_COLUMN_TYPES[column]}`).join(', '));

/** A bet as one line of COPY into BET_COLUMNS (the history seed's staging table). */
export function betCopyLine(bet: PlatformBet): string {
  const row = wire(bet);
  return copyLine(BET_COLUMNS.map((column) => row[column]));
}

/**
 * The snapshot (docs/product.md#shares-and-rebate) for each (member, game type) of `pairs` (a FROM item named `k`
 * with member_id and game_type): the member's line (its path; a member of the site, else no
 * row), the share (agent_rate) and wash-code rate (betting_ratio) of agent levels 1-4 of its
 * line and the member's own rate, for that game type; and whether the member is watched (monitoring).
 */
const lineSettings = (siteId: string, pairs: SQL) => sql`
  SELECT k.member_id, k.game_type, mem.path AS line_path, mem.monitored OR mem.exception_marked AS watched,
         s1.agent_rate AS p1, s2.agent_rate AS p2, s3.agent_rate AS p3, s4.agent_rate AS p4,
         s1.betting_ratio AS a1, s2.betting_ratio AS a2, s3.betting_ratio AS a3, s4.betting_ratio AS a4,
         sm.betting_ratio AS m
    FROM ${pairs}
    JOIN accounts mem ON mem.id = k.member_id AND mem.site_id = ${siteId} AND mem.level = 5
    CROSS JOIN LATERAL (SELECT string_to_array(trim(BOTH '/' FROM mem.path), '/')::bigint[] AS ids) line
    LEFT JOIN game_settings s1 ON s1.account_id = line.ids[2] AND s1.game_type = k.game_type
    LEFT JOIN game_settings s2 ON s2.account_id = line.ids[3] AND s2.game_type = k.game_type
    LEFT JOIN game_settings s3 ON s3.account_id = line.ids[4] AND s3.game_type = k.game_type
    LEFT JOIN game_settings s4 ON s4.account_id = line.ids[5] AND s4.game_type = k.game_type
    LEFT JOIN game_settings sm ON sm.account_id = mem.id AND sm.game_type = k.game_type`;

/**
 * The rows of `source` (a FROM item named `i` with BET_COLUMNS), each joined to the snapshot of
 * its member and game type (`settings`: lineSettings, a FROM item named `l`); a bet of no member
 * of the site has none and is dropped. Shares and rates are taken once a bet is settled: an
 * unsettled bet carries none.
 */
const snapshotted = (source: SQL, settings: SQL) => sql`
  SELECT i.*, l.line_path, l.watched,
         ${sql.join(
           ['p1', 'p2', 'p3', 'p4', 'a1', 'a2', 'a3', 'a4', 'm'].map((column) =>
             sql.raw(`CASE WHEN i.status <> 'unsettled' THEN l.${column} END AS ${column}`),
           ),
           sql`, `,
         )}
    FROM ${source}
    JOIN ${settings} ON l.member_id = i.member_id AND l.game_type = i.game_type`;

/** The rows as the platform sent them (JSON). */
const sent = (rows: string) => sql`json_to_recordset(${rows}::json) AS i (${BET_ROW_TYPE})`;

/**
 * The rows as the platform sent them, snapshotted (CTEs `l` and `n`, n the rows). The (member,
 * game type) pairs come apart (`pairs`, JSON): a batch of thousands of bets has a few hundred,
 * each looked up once (materialized, or the planner would look them up again for every bet).
 */
const incoming = (siteId: string, rows: string, pairs: string) => sql`
  l AS MATERIALIZED (${lineSettings(siteId, sql`json_to_recordset(${pairs}::json) AS k (member_id bigint, game_type text)`)}),
  n AS (${snapshotted(sent(rows), sql`l`)})`;

/** A staged table's rows (`source`, a FROM item named `i`), snapshotted: the pairs are those of the rows. */
const stagedSnapshotted = (siteId: string, source: SQL) =>
  snapshotted(source, sql`(${lineSettings(siteId, sql`(SELECT DISTINCT member_id, game_type FROM ${source}) k`)}) l`);

const insertBets = (siteId: string, source: SQL, now: Date, target = sql`bets`) => sql`
    INSERT INTO ${target} AS b (site_id, order_id, bet_time, settle_time, member_id, line_path, game_code, game_type, play_type, bet_code,
      game_id, game_name, round_no, transaction_id, status, bet, valid_bet, settle, win_loss, jackpot, jackpot_won, jackpot_rake,
      red_packet, p1, p2, p3, p4, a1, a2, a3, a4, m, stored_at)
    SELECT ${siteId}, n.order_id, n.bet_time, n.settle_time, n.member_id, n.line_path, n.game_code, n.game_type, n.play_type, n.bet_code,
      n.game_id, n.game_name, n.round_no, n.transaction_id, n.status, n.bet, n.valid_bet, n.settle, n.win_loss, n.jackpot, n.jackpot_won,
      n.jackpot_rake, n.red_packet, n.p1, n.p2, n.p3, n.p4, n.a1, n.a2, n.a3, n.a4, n.m, ${now.toISOString()}::timestamptz
      FROM (${source}) n`;

/**
 * Whether a report replaces the stored bet: a settlement or cancellation of an unsettled bet, or
 * a later resettlement or cancellation of a settled one. Anything else is a bet read again.
 */
const supersedes = (stored: string, next: string) =>
  sql.raw(`
  ((${stored}.status = 'unsettled' AND ${next}.status <> 'unsettled')
   OR (${stored}.status IN ('settled', 'resettled') AND ${next}.status IN ('resettled', 'cancelled')
       AND ${next}.settle_time > ${stored}.settle_time))`);

/**
 * Takes the lock of a site's bet storers, to the end of the transaction. A rate edit takes it
 * first, before any row lock (a storer locks members' rows under it: blockWinners), so a bet is
 * stored either wholly before the edit (the edit sees it) or wholly after (the edit committed).
 */
export async function lockSiteBets(db: Queryable, siteId: string): Promise<void> {
  await db.run(prepared(sql`SELECT pg_advisory_xact_lock(7301040, hashtext(${siteId}))`));
}

/**
 * A batch of bets made ready to store (prepareBets): everything storeBetBatch needs that is work
 * for Node, not the database, so a reader can prepare the next batch while one is stored.
 */
export interface BetBatch {
  /** How many reports of bets the platform sent (a bet read twice counts twice): what is not stored was ignored. */
  count: number;
  /** The latest report of each bet, as JSON rows (wire). */
  rows: string;
  /** Their distinct (member, game type), as JSON rows. */
  pairs: string;
  /** The UTC months the bets fall in (ISO starts). */
  months: string[];
  /** Whether a bet is resettled or cancelled: only those may replace a settled bet. */
  replacing: boolean;
  /** Members with a settled or resettled bet: a settlement may take one to its maximum win. */
  settledMembers: string[];
}

export function prepareBets(bets: readonly PlatformBet[]): BetBatch {
  const latest = latestPerBet(bets);
  // Months as year * 12 + month: a number a bet, a Date only for each distinct month.
  const months = new Set<number>();
  const pairs = new Map<string, { member_id: string; game_type: string }>();
  const settledMembers = new Set<string>();
  let replacing = false;
  for (const bet of latest) {
    months.add(bet.betTime.getUTCFullYear() * 12 + bet.betTime.getUTCMonth());
    const pair = `${bet.memberId}:${bet.gameType}`;
    if (!pairs.has(pair)) pairs.set(pair, { member_id: bet.memberId, game_type: bet.gameType });
    if (bet.status === 'resettled' || bet.status === 'cancelled') replacing = true;
  }
  for (const bet of bets) if (bet.status === 'settled' || bet.status === 'resettled') settledMembers.add(bet.memberId);
  return {
    count: bets.length,
    rows: JSON.stringify(latest.map(wire)),
    pairs: JSON.stringify([...pairs.values()]),
    months: [...months].map((month) => new Date(Date.UTC(Math.floor(month / 12), month % 12, 1)).toISOString()),
    replacing,
    settledMembers: [...settledMembers],
  };
}

/**
 * Stores bets read from the platform, once per (site, orderId, betTime) whatever is read twice,
 * in one statement per batch. A resettlement keeps the numbers it replaces in bet_revisions,
 * and keeps the snapshot of the first settlement. What the report rollups must add or take out
 * is queued in the same statement (migration 0039; drainRollups adds it). Members whose winnings
 * reach their maximum win are blocked (blockWinners). `keepRollups: false` queues nothing: only
 * the bench uses it, to weigh what keeping the rollups costs.
 */
export function storeBets(
  db: Queryable,
  siteId: string,
  bets: readonly PlatformBet[],
  now: Date,
  options: { keepRollups?: boolean } = {},
): Promise<StoreOutcome> {
  return storeBetBatch(db, siteId, prepareBets(bets), now, options);
}

/**
 * storeBets of a batch prepareBets made ready. `whileStoring` is called once the statement that
 * stores the batch is on its way to the database: work for Node then (the ingest reads and
 * prepares the next page) overlaps the database's.
 */
export async function storeBetBatch(
  db: Queryable,
  siteId: string,
  batch: BetBatch,
  now: Date,
  { keepRollups = true, whileStoring }: { keepRollups?: boolean; whileStoring?: () => void } = {},
): Promise<StoreOutcome> {
  if (batch.count === 0) return { stored: 0, ignored: 0 };
  const { rows, pairs, replacing } = batch;
  return db.transaction(async (tx) => {
    // One storer of a site's bets at a time, to the end of its transaction. A bet replaced by
    // another storer's uncommitted write would be updated here once that commits, yet missed by
    // the read of what it replaces (this statement's snapshot is older): counted twice.
    await lockSiteBets(tx, siteId);
    await ensurePartitions(tx, batch.months);
    // Only a resettlement or a cancellation replaces a settled bet (supersedes): a batch with
    // neither keeps no revision and takes nothing out of the rollups, and skips both lookups.
    const replacedOf = (incomingRows: SQL) => sql`
      SELECT b.* FROM bets b JOIN ${incomingRows} ON b.site_id = ${siteId} AND b.order_id = n.order_id AND b.bet_time = n.bet_time
       WHERE b.status IN ('settled', 'resettled') AND ${supersedes('b', 'n')}`;
    if (replacing) {
      await tx.run(sql`
        INSERT INTO bet_revisions (site_id, order_id, bet_time, revised_at, previous)
        SELECT b.site_id, b.order_id, b.bet_time, ${now.toISOString()}::timestamptz,
               jsonb_build_object('status', b.status, 'settleTime', b.settle_time, 'validBet', b.valid_bet, 'settle', b.settle,
                 'winLoss', b.win_loss, 'jackpotWon', b.jackpot_won, 'redPacket', b.red_packet)
          FROM (${replacedOf(sql`(SELECT * FROM ${sent(rows)}) n`)}) b
        ON CONFLICT DO NOTHING`);
    }
    // The bets and their deltas for the report rollups in one statement: what a replaced bet had
    // added is taken out (read in the statement's snapshot, before the upsert), what is stored
    // settled is added.
    const upsert = sql`
      ${insertBets(siteId, sql`SELECT * FROM n`, now)}
      ON CONFLICT (site_id, order_id, bet_time) DO UPDATE SET
        settle_time = EXCLUDED.settle_time, status = EXCLUDED.status, valid_bet = EXCLUDED.valid_bet, settle = EXCLUDED.settle,
        win_loss = EXCLUDED.win_loss, jackpot = EXCLUDED.jackpot, jackpot_won = EXCLUDED.jackpot_won,
        jackpot_rake = EXCLUDED.jackpot_rake, red_packet = EXCLUDED.red_packet,
        p1 = COALESCE(b.p1, EXCLUDED.p1), p2 = COALESCE(b.p2, EXCLUDED.p2), p3 = COALESCE(b.p3, EXCLUDED.p3), p4 = COALESCE(b.p4, EXCLUDED.p4),
        a1 = COALESCE(b.a1, EXCLUDED.a1), a2 = COALESCE(b.a2, EXCLUDED.a2), a3 = COALESCE(b.a3, EXCLUDED.a3), a4 = COALESCE(b.a4, EXCLUDED.a4),
        m = COALESCE(b.m, EXCLUDED.m), stored_at = EXCLUDED.stored_at
      WHERE ${supersedes('b', 'EXCLUDED')}`;
    // The watched members' bets and wins are raised in the same statement (monitoring).
    const ctes = sql`${incoming(siteId, rows, pairs)}, watched AS (${raiseWatchedBets(siteId, sql`n AS i`, now)})`;
    // Prepared: its text is one of two (replacing or not), and planning it costs milliseconds a batch.
    const storing = tx.one<{ stored: bigint }>(
      prepared(
        keepRollups
          ? storeQueued({ ctes, upsert, ...(replacing ? { replaced: replacedOf(sql`n`) } : {}) })
          : sql`WITH ${ctes}, up AS (${upsert} RETURNING 1) SELECT count(*) AS stored FROM up`,
      ),
    );
    whileStoring?.();
    const written = await storing;
    const stored = Number(written!.stored);
    // A settlement may take a member to its maximum win: the platform blocks it from then on.
    await blockWinners(tx, siteId, batch.settledMembers);
    return { stored, ignored: batch.count - stored };
  });
}

/** A month's partition of the bets, by the UTC month of bet_time. */
interface Month {
  name: string;
  from: Date;
  to: Date;
}

function monthsOf(from: Date, to: Date): Month[] {
  const months: Month[] = [];
  for (let year = from.getUTCFullYear(), month = from.getUTCMonth(); Date.UTC(year, month, 1) <= to.getTime(); month++) {
    const start = new Date(Date.UTC(year, month, 1));
    months.push({
      name: `bets_${start.getUTCFullYear()}_${String(start.getUTCMonth() + 1).padStart(2, '0')}`,
      from: start,
      to: new Date(Date.UTC(year, month + 1, 1)),
    });
  }
  return months;
}

export interface BulkBetLoad {
  /** Stores the bets COPY put in `table` (BET_COLUMNS); answers how many were stored. */
  store(table: string): Promise<number>;
  /** Attaches the months loaded apart as partitions of the bets (their indexes built then). Last, in the same transaction. */
  finish(): Promise<void>;
}

/**
 * The bulk path (the history seed), inside one transaction: bets COPY put in a staging table,
 * each new and final (settled or cancelled), stored with the same snapshot as storeBets, once
 * per (site, orderId, betTime). A month without a partition yet is loaded into a table of its
 * own without indexes and attached at the end, each index built in one pass (several times
 * faster than keeping six indexes up to date row by row). The parent stays locked against new
 * partitions meanwhile: a process storing the platform's bets of such a month waits for the
 * history, then finds its partition there. Months with a partition take the usual path. The
 * rollups are kept in the storing statements, under their lock (lockRollups: no drain meanwhile),
 * not queued: a history's lines repeat across its bets. The caller blocks the winners (blockWinners).
 */
export async function startBulkBetLoad(db: Queryable, siteId: string, span: { from: Date; to: Date }, now: Date): Promise<BulkBetLoad> {
  await db.run(sql`LOCK TABLE bets IN SHARE UPDATE EXCLUSIVE MODE`);
  await db.run(lockRollups);
  const apart: Month[] = [];
  for (const month of monthsOf(span.from, span.to)) {
    const exists = await db.one<{ found: boolean }>(sql`SELECT to_regclass(${month.name}) IS NOT NULL AS found`);
    if (exists?.found) continue;
    await db.run(sql`CREATE TABLE ${sql.identifier(month.name)} (LIKE bets INCLUDING DEFAULTS INCLUDING CONSTRAINTS)`);
    apart.push(month);
  }
  return {
    async store(table) {
      const staged = sql.identifier(table);
      let stored = 0;
      for (const month of apart) {
        const rows = sql`(SELECT * FROM ${staged} WHERE bet_time >= ${month.from.toISOString()}::timestamptz
          AND bet_time < ${month.to.toISOString()}::timestamptz) AS i`;
        const written = await db.one<{ stored: bigint }>(
          storeWithRollups({ upsert: insertBets(siteId, stagedSnapshotted(siteId, rows), now, sql`${sql.identifier(month.name)}`) }),
        );
        stored += Number(written!.stored);
      }
      const outside = apart.map(
        (month) => sql` AND NOT (bet_time >= ${month.from.toISOString()}::timestamptz
          AND bet_time < ${month.to.toISOString()}::timestamptz)`,
      );
      const rest = sql`(SELECT * FROM ${staged} WHERE true${sql.join(outside, sql``)}) AS i`;
      const months = await db.rows<{ month: string }>(
        sql`SELECT DISTINCT date_trunc('month', i.bet_time AT TIME ZONE 'UTC')::text AS month FROM ${rest}`,
      );
      for (const { month } of months) await db.run(sql`SELECT bets_partition_for(${`${month}Z`}::timestamptz)`);
      if (months.length > 0) {
        const written = await db.one<{ stored: bigint }>(
          storeWithRollups({ upsert: sql`${insertBets(siteId, stagedSnapshotted(siteId, rest), now)} ON CONFLICT DO NOTHING` }),
        );
        stored += Number(written!.stored);
      }
      return stored;
    },
    async finish() {
      for (const month of apart) {
        // A statement of the schema takes no parameters: the bounds are written in (ISO times of Dates).
        const bounds = `FOR VALUES FROM ('${month.from.toISOString()}') TO ('${month.to.toISOString()}')`;
        await db.run(sql`ALTER TABLE bets ATTACH PARTITION ${sql.identifier(month.name)} ${sql.raw(bounds)}`);
      }
    },
  };
}

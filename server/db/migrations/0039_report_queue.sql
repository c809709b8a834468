-- Settled bets wait here for the report rollups (issue 15's ingest aim; issue 16 allows "a job
-- that never loses or doubles a bet"). The statement that stores bets appends each one's delta
-- (sign 1 for what it stores settled, -1 for what a replaced bet had added, with the columns the
-- rollups read) instead of upserting the rollups itself: thousands of member-day rows a batch
-- cost as much as the bets. A drain (server/reports/rollup-drain.ts) moves the queue into the
-- rollups in one statement that deletes what it adds, one drain at a time (advisory lock): every
-- second in the background, and before any report or bill reads the rollups, so a read always
-- sees every bet committed before it. Rolled up over a second of batches, a line's bets repeat
-- and cost one upsert.
--
-- No index: the queue is only ever read whole, and is small (a second of bets).
CREATE TABLE report_queue (
  sign        smallint NOT NULL CHECK (sign IN (1, -1)),
  site_id     text NOT NULL,
  status      text NOT NULL,
  settle_time timestamptz NOT NULL,
  line_path   text NOT NULL,
  game_type   text NOT NULL,
  game_code   text NOT NULL,
  bet         bigint NOT NULL,
  valid_bet   bigint NOT NULL,
  win_loss    bigint NOT NULL,
  p1 integer, p2 integer, p3 integer, p4 integer,
  a1 integer, a2 integer, a3 integer, a4 integer,
  m integer
) WITH (autovacuum_vacuum_threshold = 1000, autovacuum_vacuum_scale_factor = 0);

-- Room on each page for a row's next version: a rollup row is updated far more often than
-- inserted, and with room the update stays on its page without touching the indexes (HOT).
ALTER TABLE report_member_days SET (fillfactor = 70);
ALTER TABLE report_edge_days SET (fillfactor = 70);

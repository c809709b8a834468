-- What settled bets change in the report rollups waits here, so that storing bets
-- stays fast and no bet is ever lost or counted twice. The statement that stores a batch of bets
-- appends what the batch adds and takes out, summed per member line, day and game (as
-- rollup.sql.ts sums it before spreading it on the edges), instead of upserting the rollups
-- itself: thousands of rollup rows a batch cost as much as storing the bets. A drain
-- (server/reports/rollup-drain.ts) moves the queue into the rollups in one statement that deletes
-- what it adds, one drain at a time (advisory lock): every second in the background, and before
-- any report or bill reads the rollups, so a read always counts every bet committed before it.
-- Summed over a second of batches, a line's deltas cost one upsert of each of its rollup rows.
--
-- No index: the queue is only ever read whole, and is small (a second of lines).
CREATE TABLE report_queue (
  site_id   text NOT NULL,
  day       date NOT NULL,
  game_type text NOT NULL,
  game_code text NOT NULL,
  line_path text NOT NULL,
  -- The line's measures, as rollup.sql.ts names them: bets, stake, valid bet, win/loss, rebate,
  -- what each agent level 1-4 keeps, the company's part, valid bet times each level's share,
  -- and bets each level hands to the company.
  n bigint NOT NULL, bet bigint NOT NULL, v bigint NOT NULL, w bigint NOT NULL, r bigint NOT NULL,
  k1 bigint NOT NULL, k2 bigint NOT NULL, k3 bigint NOT NULL, k4 bigint NOT NULL, company bigint NOT NULL,
  sv1 bigint NOT NULL, sv2 bigint NOT NULL, sv3 bigint NOT NULL, sv4 bigint NOT NULL,
  tc1 bigint NOT NULL, tc2 bigint NOT NULL, tc3 bigint NOT NULL, tc4 bigint NOT NULL
) WITH (autovacuum_vacuum_threshold = 1000, autovacuum_vacuum_scale_factor = 0);

-- Room on each page for a row's next version: a rollup row is updated far more often than
-- inserted, and with room the update stays on its page without touching the indexes (HOT).
ALTER TABLE report_member_days SET (fillfactor = 70);
ALTER TABLE report_edge_days SET (fillfactor = 70);

-- Bets stored before the report rollups existed (migration 0028) are in no rollup. When there
-- are bets, this flag asks for every day of them to be recounted from the bets once, after the
-- migrations, by the process that starts (finishRollupBackfill): a recount replaces a day's rows,
-- so doing it again after a crash, or over days counted since 0028, changes nothing. The flag
-- goes when the last day is done.
CREATE TABLE rollup_backfill (
  id smallint PRIMARY KEY CHECK (id = 1)
);
INSERT INTO rollup_backfill (id) SELECT 1 WHERE EXISTS (SELECT FROM bets);

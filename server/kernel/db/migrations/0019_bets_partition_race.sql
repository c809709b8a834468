-- Two storers meeting a new month at once: the advisory lock of 0016 made the second wait, but
-- its second look could miss the table the first had just made (an advisory lock does not
-- refresh the catalogue), and its CREATE then failed. Locking the parent table instead makes
-- creators wait for each other and refreshes what the second one sees.
CREATE OR REPLACE FUNCTION bets_partition_for(at timestamptz) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  first timestamptz := date_trunc('month', at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC';
  name text := 'bets_' || to_char(first AT TIME ZONE 'UTC', 'YYYY_MM');
BEGIN
  IF to_regclass(name) IS NOT NULL THEN RETURN; END IF;
  LOCK TABLE bets IN SHARE UPDATE EXCLUSIVE MODE;
  IF to_regclass(name) IS NOT NULL THEN RETURN; END IF;
  EXECUTE format('CREATE TABLE %I PARTITION OF bets FOR VALUES FROM (%L) TO (%L)', name, first, first + interval '1 month');
END $$;

-- Bets read from the game platform. One row per (site, orderId, betTime): the month
-- partitions by betTime, so a bet read twice lands on its own row and is stored once.
CREATE TABLE bets (
  site_id        text NOT NULL,
  order_id       text NOT NULL CHECK (order_id ~ '^[0-9]{1,32}$'),
  bet_time       timestamptz NOT NULL,
  settle_time    timestamptz,
  member_id      bigint NOT NULL,
  -- The member's line when the bet was stored ("/1/5/23/77/102/9000/"): the line filter of every
  -- query, and the ids whose shares are snapshotted below.
  line_path      text NOT NULL,
  game_code      text NOT NULL,
  game_type      text NOT NULL CHECK (game_type IN ('live', 'electronic')),
  play_type      text NOT NULL,
  bet_code       text NOT NULL,
  game_id        text NOT NULL,
  game_name      text NOT NULL,
  round_no       text NOT NULL,
  transaction_id text NOT NULL,
  status         text NOT NULL CHECK (status IN ('unsettled', 'settled', 'cancelled', 'resettled')),
  -- Cents. win_loss is the member's: settle - bet + jackpot_won + red_packet.
  bet            bigint NOT NULL CHECK (bet > 0),
  valid_bet      bigint NOT NULL DEFAULT 0 CHECK (valid_bet >= 0),
  settle         bigint NOT NULL DEFAULT 0 CHECK (settle >= 0),
  win_loss       bigint NOT NULL DEFAULT 0,
  jackpot        bigint NOT NULL DEFAULT 0,
  jackpot_won    bigint NOT NULL DEFAULT 0,
  jackpot_rake   bigint NOT NULL DEFAULT 0,
  red_packet     bigint NOT NULL DEFAULT 0,
  -- Shares (p) and wash-code rates (a) of agent levels 1-4 of the line for the bet's game type,
  -- and the member's rate (m), in hundredths of a percent, taken when the bet settles
  -- (docs/product.md#shares-and-rebate): later changes of the settings never rewrite a settled bet.
  p1 integer, p2 integer, p3 integer, p4 integer,
  a1 integer, a2 integer, a3 integer, a4 integer,
  m  integer,
  stored_at      timestamptz NOT NULL,
  PRIMARY KEY (site_id, order_id, bet_time)
) PARTITION BY RANGE (bet_time);

-- What lists read: a line's bets by settlement (or bet time while unsettled), newest first.
CREATE INDEX bets_site_time ON bets (site_id, (COALESCE(settle_time, bet_time)) DESC);
CREATE INDEX bets_member_time ON bets (member_id, (COALESCE(settle_time, bet_time)) DESC);
CREATE INDEX bets_order ON bets (site_id, order_id);
CREATE INDEX bets_unsettled ON bets (site_id, bet_time) WHERE status = 'unsettled';

-- A resettlement replaces a bet's numbers; the numbers it replaced are kept here, so it stays traceable.
CREATE TABLE bet_revisions (
  site_id     text NOT NULL,
  order_id    text NOT NULL,
  bet_time    timestamptz NOT NULL,
  revised_at  timestamptz NOT NULL,
  previous    jsonb NOT NULL,
  PRIMARY KEY (site_id, order_id, bet_time, revised_at)
);

-- The month partition of a bet time (UTC months), made the first time a bet of that month is
-- stored. Gateways storing the first bets of a month together wait on one lock.
CREATE FUNCTION bets_partition_for(at timestamptz) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  first timestamptz := date_trunc('month', at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC';
  name text := 'bets_' || to_char(first AT TIME ZONE 'UTC', 'YYYY_MM');
BEGIN
  IF to_regclass(name) IS NOT NULL THEN RETURN; END IF;
  PERFORM pg_advisory_xact_lock(7301016);
  IF to_regclass(name) IS NOT NULL THEN RETURN; END IF;
  EXECUTE format('CREATE TABLE %I PARTITION OF bets FOR VALUES FROM (%L) TO (%L)', name, first, first + interval '1 month');
END $$;

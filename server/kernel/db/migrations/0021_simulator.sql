-- The embedded game platform's own state (docs/product.md#game-platforms: one simulator per database, its state in
-- tables, so any gateway process can take over).
--
-- The lease: the process that holds it runs the simulator; another takes over once it lapses.
CREATE TABLE simulator_lease (
  id     smallint PRIMARY KEY CHECK (id = 1),
  holder text NOT NULL,
  until  timestamptz NOT NULL
);

-- Members seated at a table or a machine: their session, stake, plays left, the time of their
-- next play, and the live bet waiting for its round to end.
CREATE TABLE simulator_players (
  member_id   bigint PRIMARY KEY REFERENCES accounts (id),
  site_id     text NOT NULL REFERENCES sites (id),
  game_code   text NOT NULL,
  table_id    text NOT NULL,
  session_id  text NOT NULL,
  stake       bigint NOT NULL CHECK (stake > 0),
  plays_left  integer NOT NULL,
  next_at     timestamptz NOT NULL,
  open_bet    jsonb
);

-- What the platform publishes: bets (each change of one) and finished rounds, in order. The
-- back office reads it from its cursor (the adapter's "bets and rounds since a cursor"). One
-- writer (the lease holder, one tick at a time), so the order of seq is the order of commits.
CREATE TABLE platform_feed (
  seq        bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  site_id    text NOT NULL REFERENCES sites (id),
  kind       text NOT NULL CHECK (kind IN ('bet', 'round')),
  body       jsonb NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE TABLE platform_feed_cursor (
  id  smallint PRIMARY KEY CHECK (id = 1),
  seq bigint NOT NULL
);
INSERT INTO platform_feed_cursor (id, seq) VALUES (1, 0);

-- Order numbers of the platform's bets (digits only).
CREATE SEQUENCE platform_order_no START 1;

-- Each machine's jackpot pool per site: every spin adds its rake, a jackpot hit takes it all.
CREATE TABLE simulator_jackpots (
  site_id  text NOT NULL REFERENCES sites (id),
  table_id text NOT NULL,
  pool     bigint NOT NULL CHECK (pool >= 0),
  PRIMARY KEY (site_id, table_id)
);

-- The maximum win counts a member's net winnings since its last "remove limit"
-- (docs/product.md#games-and-devices); null means since the account was made.
ALTER TABLE accounts ADD COLUMN win_counted_from timestamptz;

-- What the game platform refused, by site and reason (bets on a closed game, from a disabled
-- device, above the red limit...): the simulator's statistics, which tests and the bench read.
CREATE TABLE platform_refusals (
  site_id text NOT NULL,
  reason  text NOT NULL,
  count   bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (site_id, reason)
);

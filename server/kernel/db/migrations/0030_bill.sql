-- The bill (docs/product.md#the-bill). A period closes at the start of the Beijing day of the close
-- and keeps what the agent's line did in it, taken from the report rollups then: its bets, valid
-- bet, members' win/loss and what it handed up. What it keeps is everything the rollups held
-- for the agent's days before the close, less every earlier period's: so a resettlement of a bet
-- from a closed period, which moves it to its new day, shows in the open period as the
-- difference, and a closed period never changes. Periods closed before this carry zeros.
ALTER TABLE settlements
  ADD COLUMN bets             bigint NOT NULL DEFAULT 0,
  ADD COLUMN valid_bet        bigint NOT NULL DEFAULT 0,
  ADD COLUMN win_loss         bigint NOT NULL DEFAULT 0,
  ADD COLUMN agent_to_company bigint NOT NULL DEFAULT 0;

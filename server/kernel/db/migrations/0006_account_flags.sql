-- An agent's stop-bet (team.bolck): no member of its line may bet while it or an agent above
-- it has one. Kept on the agent, not copied to each member, so that lifting it is one row.
ALTER TABLE accounts ADD COLUMN bet_stopped boolean NOT NULL DEFAULT false;

-- Whether the account may play a game type (user.game.switch.get).
ALTER TABLE game_settings ADD COLUMN enabled boolean NOT NULL DEFAULT true;

-- The agent-to-company limit (docs/product.md#agent-to-company-limit). An agent's line
-- whose agent-to-company amount in its open bill period reached agent_to_company_limit (0 =
-- none) takes no new bet of that game type until the period closes. The flag is kept by
-- games/company-limit.ts (after each rollup drain, a bill's close, a limit's change) and is
-- pushed to the platform with the account's game settings (the game_settings triggers of
-- migration 0026 queue the push when it changes).
ALTER TABLE game_settings ADD COLUMN company_limit_reached boolean NOT NULL DEFAULT false;
-- Monitoring lists the stopped lines: few rows, found without reading every setting.
CREATE INDEX game_settings_limit_reached ON game_settings (account_id) WHERE company_limit_reached;

-- Reports read rollups, never the bets (docs/product.md#report-rows).
-- Both are kept in the statement that stores or replaces a bet (storeBets, the
-- history seed: server/reports/rollup.sql.ts), so a bet is counted once or not at all whatever
-- fails: a settled or resettled bet adds its numbers to the Beijing day of its settlement, a
-- resettlement or cancellation first takes out what the bet had added. `rebuildRollupDay`
-- recomputes a day from the bets.
--
-- Measures, each the sum over the row's bets (cents unless said):
--   bets, bet_amount, valid_bet, win_loss (W, the member's view);
--   rebate: the members' rebate, V*m rounded per bet;
--   line_keeps: what the child's line keeps (its level and those below it, per bet rounded);
--     what it hands up to the viewer's line is -(W + rebate + line_keeps);
--   company: the company's part, -(W + rebate + every level's part);
--   share_valid: V*p of the child's share p (hundredths of a percent), for the valid-bet-weighted
--     agentRate and the to-company bet value V*(1-p);
--   to_company_bets: bets whose child share p is below 100 %.

-- The edges of the tree: per Beijing day, agent (levels 0-3), direct child (levels 1-4), game type, game.
CREATE TABLE report_edge_days (
  site_id         text NOT NULL,
  agent_id        bigint NOT NULL,
  day             date NOT NULL,
  child_id        bigint NOT NULL,
  game_type       text NOT NULL,
  game_code       text NOT NULL,
  bets            bigint NOT NULL,
  bet_amount      bigint NOT NULL,
  valid_bet       bigint NOT NULL,
  win_loss        bigint NOT NULL,
  rebate          bigint NOT NULL,
  line_keeps      bigint NOT NULL,
  company         bigint NOT NULL,
  share_valid     bigint NOT NULL,
  to_company_bets bigint NOT NULL,
  PRIMARY KEY (site_id, agent_id, day, child_id, game_type, game_code)
);
-- A child's own rows over time (its daily report as seen from its parent).
CREATE INDEX report_edge_days_child ON report_edge_days (site_id, child_id, day);

-- The members: per Beijing day, member, game type, game (their level-4 agent kept for its list).
-- Below a member nobody keeps anything and its share is 0: its line keeps 0, it hands up
-- -(W + rebate), its to-company bet value is V and every bet counts to the company.
CREATE TABLE report_member_days (
  site_id         text NOT NULL,
  member_id       bigint NOT NULL,
  day             date NOT NULL,
  game_type       text NOT NULL,
  game_code       text NOT NULL,
  agent_id        bigint NOT NULL,
  bets            bigint NOT NULL,
  bet_amount      bigint NOT NULL,
  valid_bet       bigint NOT NULL,
  win_loss        bigint NOT NULL,
  rebate          bigint NOT NULL,
  company         bigint NOT NULL,
  PRIMARY KEY (site_id, member_id, day, game_type, game_code)
);
-- A level-4 agent's member list over a range.
CREATE INDEX report_member_days_agent ON report_member_days (site_id, agent_id, day);

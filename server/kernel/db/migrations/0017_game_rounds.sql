-- Rounds of the platform's tables and spins of its machines: the same for every site,
-- as a real platform's are. `result` is the game's own: cards, dice, wheel number, reels.
CREATE TABLE game_rounds (
  game_code  text NOT NULL REFERENCES games (game_code),
  game_id    text NOT NULL,
  round_no   text NOT NULL,
  started_at timestamptz NOT NULL,
  ended_at   timestamptz NOT NULL,
  result     jsonb NOT NULL,
  PRIMARY KEY (game_id, round_no)
);
CREATE INDEX game_rounds_time ON game_rounds (ended_at DESC);
CREATE INDEX game_rounds_game_time ON game_rounds (game_code, ended_at DESC);

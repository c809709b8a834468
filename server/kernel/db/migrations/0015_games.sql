-- The game platform's catalogue: the games it offers, the same for every site. The
-- platform (server/games) holds each game's rules; this table is what sites list and switch.
CREATE TABLE games (
  game_code  text PRIMARY KEY,
  game_type  text NOT NULL CHECK (game_type IN ('live', 'electronic')),
  -- The platform's own name, shown where the client has no text of its own for the code.
  game_name  text NOT NULL,
  sort_order smallint NOT NULL
);
INSERT INTO games (game_code, game_type, game_name, sort_order) VALUES
  ('baccarat', 'live', '百家乐', 1),
  ('dragon-tiger', 'live', '龙虎', 2),
  ('roulette', 'live', '轮盘', 3),
  ('sic-bo', 'live', '骰宝', 4),
  ('fortune-dragon', 'electronic', '财神龙', 5),
  ('golden-lotus', 'electronic', '金莲花', 6),
  ('lucky-seven', 'electronic', '幸运七', 7);

-- A game a site closed (game.switch, level 0): no row means open, so a new site opens every
-- game without a copy of the catalogue. The platform takes no bet on a closed game.
CREATE TABLE site_games_closed (
  site_id   text NOT NULL REFERENCES sites (id),
  game_code text NOT NULL REFERENCES games (game_code),
  closed_at timestamptz NOT NULL,
  PRIMARY KEY (site_id, game_code)
);

-- Terminal types a member may play from (user.device.switch.set); the platform refuses a bet
-- or a transfer from a disabled one.
ALTER TABLE accounts
  ADD COLUMN device_pc  boolean NOT NULL DEFAULT true,
  ADD COLUMN device_h5  boolean NOT NULL DEFAULT true,
  ADD COLUMN device_app boolean NOT NULL DEFAULT true;

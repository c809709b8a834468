-- Per-site lists the account forms offer. Red-limit presets per game type, in integer cents;
-- a maximum of 0 means unlimited.
CREATE TABLE red_limit_presets (
  id        bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  site_id   text NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
  game_type text NOT NULL CHECK (game_type IN ('live', 'electronic')),
  min_bet   bigint NOT NULL CHECK (min_bet > 0),
  max_bet   bigint NOT NULL CHECK (max_bet = 0 OR max_bet >= min_bet),
  UNIQUE (site_id, game_type, min_bet, max_bet)
);

-- The currencies a site deals in (ISO 4217), at most one of them its default.
CREATE TABLE site_currencies (
  site_id    text NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
  code       char(3) NOT NULL CHECK (code ~ '^[A-Z]{3}$'),
  is_default boolean NOT NULL DEFAULT false,
  PRIMARY KEY (site_id, code)
);
CREATE UNIQUE INDEX site_currencies_one_default ON site_currencies (site_id) WHERE is_default;

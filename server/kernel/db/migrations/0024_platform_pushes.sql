-- What the back office must still tell the game platform. A row is written
-- in the transaction of the change and sent by any gateway process that runs jobs; it goes only
-- once the platform has taken the state as it is now (a change meanwhile raises `version`, and
-- the row stays for the next round). One row per subject: changes made before a push are one
-- push of the latest state.
CREATE TABLE platform_pushes (
  site_id    text NOT NULL REFERENCES sites (id),
  -- 'games': the games closed for the site.
  subject    text NOT NULL CHECK (subject IN ('games')),
  version    bigint NOT NULL DEFAULT 1,
  queued_at  timestamptz NOT NULL,
  attempts   integer NOT NULL DEFAULT 0,
  last_error text,
  PRIMARY KEY (site_id, subject)
);

-- The embedded platform's own copy of the games closed per site: what it refuses bets by, as a
-- third party would, rather than the back office's table.
CREATE TABLE simulator_games_closed (
  site_id   text NOT NULL REFERENCES sites (id),
  game_code text NOT NULL,
  PRIMARY KEY (site_id, game_code)
);
INSERT INTO simulator_games_closed (site_id, game_code) SELECT site_id, game_code FROM site_games_closed;

-- Game notices (gw.credit.game.notice.*): written in the back office, shown by the game platform in
-- its lobby over their window. They live with the other notices (kind 'game'), for every game or
-- for the games named, and reach the platform through the outbox like the closed games.
ALTER TABLE notices ADD COLUMN game_codes text[];
ALTER TABLE platform_pushes DROP CONSTRAINT platform_pushes_subject_check;
ALTER TABLE platform_pushes ADD CONSTRAINT platform_pushes_subject_check CHECK (
  (subject IN ('games', 'notices') AND account_id = 0) OR (subject = 'account' AND account_id > 0));

-- The simulator's copy: what its lobby shows (the platform keeps its own, as a real one would).
CREATE TABLE simulator_game_notices (
  site_id    text NOT NULL REFERENCES sites (id),
  notice_id  text NOT NULL,
  title      jsonb NOT NULL,
  content    jsonb NOT NULL,
  game_codes text[],
  start_time timestamptz NOT NULL,
  end_time   timestamptz NOT NULL,
  PRIMARY KEY (site_id, notice_id)
);

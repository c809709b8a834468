-- Members' settings go to the game platform like the games closed: the
-- platform keeps its own copy of every account's switches and judges a bet by that copy, as a
-- third party would, not by the back office's tables.
--
-- The outbox gains a subject per account. Triggers queue it in the transaction of any change
-- the platform must know, whichever path made it (a call, a batch job, a seed): an account
-- added, or one of its status, line status, stop-bet, pause, device switches, maximum win and
-- win block changed; a game type's switch or red limit changed. A line's status is pushed as
-- the agent's own row only: the platform walks each member's path through its copy.
ALTER TABLE platform_pushes ADD COLUMN account_id bigint NOT NULL DEFAULT 0;
ALTER TABLE platform_pushes DROP CONSTRAINT platform_pushes_pkey;
ALTER TABLE platform_pushes ADD PRIMARY KEY (site_id, subject, account_id);
ALTER TABLE platform_pushes DROP CONSTRAINT platform_pushes_subject_check;
-- 'games': the games closed for the site (account_id 0); 'account': one account's settings.
ALTER TABLE platform_pushes ADD CONSTRAINT platform_pushes_subject_check CHECK (
  (subject = 'games' AND account_id = 0) OR (subject = 'account' AND account_id > 0));

-- Added accounts: one statement per insert (a seed adds thousands at once).
CREATE FUNCTION accounts_queue_push_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO platform_pushes (site_id, subject, account_id, queued_at)
    SELECT site_id, 'account', id, now() FROM added WHERE kind = 'tree'
  ON CONFLICT (site_id, subject, account_id) DO UPDATE
    SET version = platform_pushes.version + 1, queued_at = EXCLUDED.queued_at;
  RETURN NULL;
END $$;
CREATE TRIGGER accounts_push_added AFTER INSERT ON accounts
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION accounts_queue_push_added();

-- Changed accounts: per row, and only when a pushed column changed (points moving change none).
CREATE FUNCTION accounts_queue_push_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO platform_pushes (site_id, subject, account_id, queued_at) VALUES (NEW.site_id, 'account', NEW.id, now())
  ON CONFLICT (site_id, subject, account_id) DO UPDATE
    SET version = platform_pushes.version + 1, queued_at = EXCLUDED.queued_at;
  RETURN NULL;
END $$;
CREATE TRIGGER accounts_push_changed AFTER UPDATE ON accounts FOR EACH ROW
  WHEN (NEW.kind = 'tree' AND (OLD.status, OLD.team_status, OLD.bet_stopped, OLD.bet_paused, OLD.device_pc, OLD.device_h5,
        OLD.device_app, OLD.max_win, OLD.win_blocked)
    IS DISTINCT FROM (NEW.status, NEW.team_status, NEW.bet_stopped, NEW.bet_paused, NEW.device_pc, NEW.device_h5,
        NEW.device_app, NEW.max_win, NEW.win_blocked))
  EXECUTE FUNCTION accounts_queue_push_changed();

-- Game-type settings: added with their account (two rows each, one push) or changed.
CREATE FUNCTION game_settings_queue_push() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO platform_pushes (site_id, subject, account_id, queued_at)
    SELECT a.site_id, 'account', a.id, now()
      FROM accounts a WHERE a.kind = 'tree' AND a.id IN (SELECT account_id FROM touched)
  ON CONFLICT (site_id, subject, account_id) DO UPDATE
    SET version = platform_pushes.version + 1, queued_at = EXCLUDED.queued_at;
  RETURN NULL;
END $$;
CREATE TRIGGER game_settings_push_added AFTER INSERT ON game_settings
  REFERENCING NEW TABLE AS touched FOR EACH STATEMENT EXECUTE FUNCTION game_settings_queue_push();
CREATE TRIGGER game_settings_push_changed AFTER UPDATE ON game_settings
  REFERENCING NEW TABLE AS touched FOR EACH STATEMENT EXECUTE FUNCTION game_settings_queue_push();

-- The embedded platform's copy of the accounts: what it refuses bets by. No reference to the
-- back office's rows: a third party keeps its own.
CREATE TABLE simulator_accounts (
  site_id     text NOT NULL REFERENCES sites (id),
  account_id  bigint NOT NULL,
  level       smallint NOT NULL,
  -- The line, company first ("/1/5/23/"), as the back office gave it.
  path        text NOT NULL,
  status      smallint NOT NULL,
  team_status smallint NOT NULL,
  bet_stopped boolean NOT NULL,
  bet_paused  boolean NOT NULL,
  device_pc   boolean NOT NULL,
  device_h5   boolean NOT NULL,
  device_app  boolean NOT NULL,
  max_win     bigint NOT NULL,
  win_blocked boolean NOT NULL,
  -- Per game type: {"live": {"enabled": true, "redLimit": 0}, ...}.
  game_types  jsonb NOT NULL,
  PRIMARY KEY (site_id, account_id)
);
INSERT INTO simulator_accounts (site_id, account_id, level, path, status, team_status, bet_stopped, bet_paused,
    device_pc, device_h5, device_app, max_win, win_blocked, game_types)
  SELECT a.site_id, a.id, a.level, a.path, a.status, a.team_status, a.bet_stopped, a.bet_paused,
         a.device_pc, a.device_h5, a.device_app, a.max_win, a.win_blocked,
         COALESCE((SELECT jsonb_object_agg(s.game_type, jsonb_build_object('enabled', s.enabled, 'redLimit', s.red_limit))
                     FROM game_settings s WHERE s.account_id = a.id), '{}'::jsonb)
    FROM accounts a WHERE a.kind = 'tree';

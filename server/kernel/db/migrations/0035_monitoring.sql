-- Monitoring (docs/product.md#monitoring): the company's watch lists and what the watched accounts do. An account
-- is watched when the company put it on its list (monitored) or its parent marked it
-- (exception_marked): both feed the same events.
ALTER TABLE accounts ADD COLUMN monitored boolean NOT NULL DEFAULT false;
CREATE INDEX accounts_watched ON accounts (site_id, level, id) WHERE monitored OR exception_marked;

-- One row per thing a watched account did. Unseen rows are the red dot's counts: agents'
-- (levels 1-4) make agentCount, members' userCount; the company and its clerks share them.
CREATE TABLE monitor_events (
  id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  site_id    text NOT NULL REFERENCES sites (id),
  account_id bigint NOT NULL REFERENCES accounts (id),
  level      smallint NOT NULL CHECK (level BETWEEN 1 AND 5),
  kind       text NOT NULL CHECK (kind IN ('sign-in', 'new-ip', 'score', 'bet', 'win', 'status')),
  -- Cents, for score, bet and win.
  amount     bigint,
  -- The IP, the order id, the score type, the status change: what the screen shows beside the kind.
  detail     text NOT NULL DEFAULT '',
  -- What the event is about, so that a bet read twice raises it once.
  ref        text,
  created_at timestamptz NOT NULL,
  seen_at    timestamptz
);
CREATE UNIQUE INDEX monitor_events_once ON monitor_events (site_id, kind, ref) WHERE ref IS NOT NULL;
CREATE INDEX monitor_events_unseen ON monitor_events (site_id, level, account_id) WHERE seen_at IS NULL;
CREATE INDEX monitor_events_account ON monitor_events (account_id, id DESC);

-- Triggers record what happens whatever made it happen (a call, a job, the simulator).

-- A successful sign-in of a watched account, and 'new-ip' the first time it comes from an address.
CREATE FUNCTION monitor_sign_in() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  watched_level smallint;
BEGIN
  SELECT level INTO watched_level FROM accounts WHERE id = NEW.account_id AND (monitored OR exception_marked);
  IF NOT FOUND THEN RETURN NULL; END IF;
  INSERT INTO monitor_events (site_id, account_id, level, kind, detail, created_at)
  VALUES (NEW.site_id, NEW.account_id, watched_level, 'sign-in', NEW.ip, NEW.created_at);
  IF NOT EXISTS (SELECT 1 FROM login_log l
                  WHERE l.account_id = NEW.account_id AND l.ip = NEW.ip AND l.result = 'ok' AND l.id <> NEW.id) THEN
    INSERT INTO monitor_events (site_id, account_id, level, kind, detail, created_at)
    VALUES (NEW.site_id, NEW.account_id, watched_level, 'new-ip', NEW.ip, NEW.created_at);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER login_log_monitor AFTER INSERT ON login_log
  FOR EACH ROW WHEN (NEW.result = 'ok' AND NEW.account_id IS NOT NULL) EXECUTE FUNCTION monitor_sign_in();

-- A score movement of a watched account, as the one whose points moved or as the one who moved
-- them, at or above the site's score threshold (0: every one).
CREATE FUNCTION monitor_score() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO monitor_events (site_id, account_id, level, kind, amount, detail, ref, created_at)
  SELECT NEW.site_id, a.id, a.level, 'score', NEW.amount, NEW.type, NEW.serial_no || ':' || a.id, NEW.created_at
    FROM accounts a JOIN sites s ON s.id = NEW.site_id
   WHERE a.id IN (NEW.target_account_id, NEW.operator_account_id) AND a.level > 0
     AND (a.monitored OR a.exception_marked) AND NEW.amount >= s.monitor_score_cents
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
CREATE TRIGGER score_log_monitor AFTER INSERT ON score_log FOR EACH ROW EXECUTE FUNCTION monitor_score();

-- A change of a watched account's own status or of its line's.
CREATE FUNCTION monitor_status() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO monitor_events (site_id, account_id, level, kind, detail, created_at)
  VALUES (NEW.site_id, NEW.id, NEW.level, 'status',
          OLD.status || '>' || NEW.status || CASE WHEN OLD.team_status IS DISTINCT FROM NEW.team_status
                                                  THEN ' line ' || OLD.team_status || '>' || NEW.team_status ELSE '' END,
          now());
  RETURN NULL;
END $$;
CREATE TRIGGER accounts_monitor_status AFTER UPDATE OF status, team_status ON accounts
  FOR EACH ROW WHEN ((NEW.monitored OR NEW.exception_marked) AND NEW.level > 0
                     AND (OLD.status IS DISTINCT FROM NEW.status OR OLD.team_status IS DISTINCT FROM NEW.team_status))
  EXECUTE FUNCTION monitor_status();

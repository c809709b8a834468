-- The account tree: each account knows its line as a materialized path of ids ("/1/5/23/"),
-- so "everything in my line" is one indexed prefix search.
ALTER TABLE accounts ADD COLUMN path text NOT NULL DEFAULT '';
ALTER TABLE accounts ADD COLUMN max_win bigint NOT NULL DEFAULT 0 CHECK (max_win >= 0);
ALTER TABLE accounts ADD COLUMN bet_paused boolean NOT NULL DEFAULT false;
ALTER TABLE accounts ADD COLUMN exception_marked boolean NOT NULL DEFAULT false;

CREATE FUNCTION accounts_set_path() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.path := COALESCE((SELECT path FROM accounts WHERE id = NEW.parent_id), '/') || NEW.id || '/';
  RETURN NEW;
END $$;
CREATE TRIGGER accounts_path BEFORE INSERT ON accounts FOR EACH ROW EXECUTE FUNCTION accounts_set_path();

-- Existing rows: companies first, then each level below.
UPDATE accounts SET path = '/' || id || '/' WHERE parent_id IS NULL;
UPDATE accounts a SET path = p.path || a.id || '/' FROM accounts p WHERE a.parent_id = p.id AND a.level = 1;
UPDATE accounts a SET path = p.path || a.id || '/' FROM accounts p WHERE a.parent_id = p.id AND a.level = 2;
UPDATE accounts a SET path = p.path || a.id || '/' FROM accounts p WHERE a.parent_id = p.id AND a.level = 3;
UPDATE accounts a SET path = p.path || a.id || '/' FROM accounts p WHERE a.parent_id = p.id AND a.level = 4;
UPDATE accounts a SET path = p.path || a.id || '/' FROM accounts p WHERE a.parent_id = p.id AND a.level = 5;

CREATE INDEX accounts_line ON accounts (site_id, path text_pattern_ops);
CREATE INDEX accounts_parent_created ON accounts (parent_id, created_at, id);
CREATE INDEX accounts_parent_login ON accounts (parent_id, lower(login_id));

-- Game settings per account and game type (live casino, electronic). Rates are hundredths of
-- a percent, limits integer cents; a red limit of 0 means unlimited.
CREATE TABLE game_settings (
  account_id             bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  game_type              text NOT NULL CHECK (game_type IN ('live', 'electronic')),
  betting_ratio          integer NOT NULL DEFAULT 0 CHECK (betting_ratio BETWEEN 0 AND 10000),
  agent_rate             integer NOT NULL DEFAULT 0 CHECK (agent_rate BETWEEN 0 AND 10000),
  agent_to_company_limit bigint NOT NULL DEFAULT 0 CHECK (agent_to_company_limit >= 0),
  spread                 integer NOT NULL DEFAULT 0 CHECK (spread BETWEEN 0 AND 10000),
  red_limit              bigint NOT NULL DEFAULT 0 CHECK (red_limit >= 0),
  PRIMARY KEY (account_id, game_type)
);
INSERT INTO game_settings (account_id, game_type, betting_ratio, agent_rate)
  SELECT id, t.game_type, valid_amount_rate, agent_commision_rate
    FROM accounts CROSS JOIN (VALUES ('live'), ('electronic')) AS t (game_type);

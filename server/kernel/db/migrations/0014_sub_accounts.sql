-- Sub-accounts: logins that act for a main account (levels 0-4) with a subset of its rights
-- (access codes). They take their ids from the accounts' sequence, so an id names one login
-- of either kind, and their names from one index per site shared with accounts (login_names).
CREATE TABLE sub_accounts (
  id                bigint PRIMARY KEY DEFAULT nextval('accounts_id_seq'),
  site_id           text NOT NULL REFERENCES sites (id),
  main_account_id   bigint NOT NULL REFERENCES accounts (id),
  login_id          text NOT NULL CHECK (login_id ~ '^[A-Za-z0-9_-]{4,16}$'),
  nickname          text NOT NULL,
  password_hash     text NOT NULL,
  safe_code_hash    text NOT NULL,
  -- Access codes (1-8, 11), sorted, without repeats; 2-5 always come with 1.
  access_codes      smallint[] NOT NULL DEFAULT '{}',
  status            smallint NOT NULL DEFAULT 1 CHECK (status IN (1, 4)),
  first_login       boolean NOT NULL DEFAULT true,
  force_pwd_update  boolean NOT NULL DEFAULT false,
  credentials_epoch integer NOT NULL DEFAULT 0,
  created_at        timestamptz NOT NULL,
  last_login_at     timestamptz
);
CREATE INDEX sub_accounts_main ON sub_accounts (main_account_id, id);

-- One login-name index per site for accounts and sub-accounts alike. Statement triggers keep
-- it, so every way of adding a login (a call, a batch job, a seed) claims its name here and a
-- name taken by the other kind fails with this primary key.
CREATE TABLE login_names (
  site_id   text NOT NULL,
  login_key text NOT NULL,
  owner_id  bigint NOT NULL,
  PRIMARY KEY (site_id, login_key)
);
INSERT INTO login_names (site_id, login_key, owner_id) SELECT site_id, lower(login_id), id FROM accounts;

CREATE FUNCTION login_names_claim() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO login_names (site_id, login_key, owner_id) SELECT site_id, lower(login_id), id FROM added;
  RETURN NULL;
END $$;
CREATE FUNCTION login_names_release() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM login_names n USING removed r WHERE n.site_id = r.site_id AND n.login_key = lower(r.login_id) AND n.owner_id = r.id;
  RETURN NULL;
END $$;
CREATE TRIGGER accounts_login_names AFTER INSERT ON accounts
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION login_names_claim();
CREATE TRIGGER accounts_login_names_release AFTER DELETE ON accounts
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION login_names_release();
CREATE TRIGGER sub_accounts_login_names AFTER INSERT ON sub_accounts
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION login_names_claim();
CREATE TRIGGER sub_accounts_login_names_release AFTER DELETE ON sub_accounts
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION login_names_release();

-- A sub-account's session holds the main account's epoch (epoch) and its own (sub_epoch): a
-- change of either ends it.
ALTER TABLE sessions ADD COLUMN sub_epoch integer;
CREATE INDEX sessions_live_sub_account ON sessions (sub_account_id) WHERE revoked_at IS NULL AND sub_account_id IS NOT NULL;

-- Sign-ins of sub-accounts: account_id is the main account, sub_account_id the login that tried.
ALTER TABLE login_log ADD COLUMN sub_account_id bigint;
CREATE INDEX login_log_site_time ON login_log (site_id, created_at);

-- The operation record names where the call came from and what it changed (values, never
-- prose: the screen translates), and carries the acting account's line so that "my line's
-- operations" is a prefix search.
ALTER TABLE operation_log ADD COLUMN region text NOT NULL DEFAULT '';
ALTER TABLE operation_log ADD COLUMN terminal text NOT NULL DEFAULT '';
ALTER TABLE operation_log ADD COLUMN changes jsonb NOT NULL DEFAULT '[]';
ALTER TABLE operation_log ADD COLUMN line_path text NOT NULL DEFAULT '';
UPDATE operation_log o SET line_path = a.path FROM accounts a WHERE a.id = o.account_id;
CREATE INDEX operation_log_line_time ON operation_log (site_id, line_path text_pattern_ops, created_at);

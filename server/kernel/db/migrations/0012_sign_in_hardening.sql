-- Attempt counters replace login_failures. A slot is taken under the row's lock before a
-- secret is checked and given back when it proves right, so parallel attempts can never
-- check more secrets than a limit allows, on any number of gateway processes.
--   pair:    one login name from one IP: 5 failures in a row lock it for 15 minutes
--   name:    one login name from every IP: past a ceiling, one attempt per growing delay
--   ip:      every sign-in and step-up failure of an IP in 10 minutes (LOGIN_IP_LIMIT)
--   captcha: wrong captcha guesses of an IP in 10 minutes
DROP TABLE login_failures;
CREATE TABLE attempt_counters (
  site_id      text NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
  scope        text NOT NULL CHECK (scope IN ('pair', 'name', 'ip', 'captcha')),
  login_key    text NOT NULL DEFAULT '',
  ip           text NOT NULL DEFAULT '',
  taken        integer NOT NULL DEFAULT 0 CHECK (taken >= 0),
  window_start timestamptz NOT NULL,
  locked_until timestamptz,
  next_at      timestamptz,
  updated_at   timestamptz NOT NULL,
  PRIMARY KEY (site_id, scope, login_key, ip)
);
CREATE INDEX attempt_counters_login ON attempt_counters (site_id, login_key) WHERE login_key <> '';
CREATE INDEX attempt_counters_updated ON attempt_counters (updated_at);

-- A session is valid only while its account's credentials epoch is the one it was made
-- under: a password change or reset, a new safe code, disabling, freezing or a line action
-- bumps it, so a sign-in racing the change is ended by it even if its row came later.
ALTER TABLE accounts ADD COLUMN credentials_epoch integer NOT NULL DEFAULT 0;
ALTER TABLE sessions ADD COLUMN epoch integer NOT NULL DEFAULT 0;

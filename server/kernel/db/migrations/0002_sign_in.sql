-- Captchas: single use, short-lived. The code is kept in clear: it is worth nothing after
-- two minutes, and end-to-end tests read it from here as a person reads the image.
CREATE TABLE captchas (
  id         uuid PRIMARY KEY,
  site_id    text NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
  code       text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at    timestamptz
);
CREATE INDEX captchas_expiry ON captchas (expires_at);

-- Failures in a row per login name (known or not, so a lock never tells whether a name exists).
CREATE TABLE login_failures (
  site_id      text NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
  login_key    text NOT NULL,
  kind         text NOT NULL CHECK (kind IN ('password', 'safe_code')),
  failures     integer NOT NULL DEFAULT 0,
  locked_until timestamptz,
  updated_at   timestamptz NOT NULL,
  PRIMARY KEY (site_id, login_key, kind)
);

-- Every sign-in attempt, whatever its outcome.
CREATE TABLE login_log (
  id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  site_id    text NOT NULL REFERENCES sites (id),
  account_id bigint REFERENCES accounts (id),
  login_id   text NOT NULL,
  result     text NOT NULL,
  code       integer,
  ip         text NOT NULL,
  region     text NOT NULL DEFAULT '',
  terminal   text NOT NULL DEFAULT '',
  device     text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL
);
CREATE INDEX login_log_ip_time ON login_log (ip, created_at);
CREATE INDEX login_log_account_time ON login_log (account_id, created_at);

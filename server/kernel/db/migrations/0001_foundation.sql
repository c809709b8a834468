-- Sites (tenants): one brand, its hosts, theme, maintenance window, IP rules and settings.
CREATE TABLE sites (
  id                    text PRIMARY KEY CHECK (id ~ '^[a-z0-9][a-z0-9_-]{0,31}$'),
  title                 text NOT NULL,
  ui                    text NOT NULL DEFAULT 'black' CHECK (ui IN ('black', 'red')),
  login_style           text NOT NULL DEFAULT 'default',
  logo                  text NOT NULL DEFAULT '',
  is_default            boolean NOT NULL DEFAULT false,
  -- Stored in UTC; screens show Beijing time.
  maintenance_start     timestamptz,
  maintenance_end       timestamptz,
  idle_timeout_seconds  integer NOT NULL DEFAULT 1800 CHECK (idle_timeout_seconds BETWEEN 5 AND 86400),
  min_score_interval_ms integer NOT NULL DEFAULT 0 CHECK (min_score_interval_ms >= 0),
  sub_account_limit     smallint NOT NULL DEFAULT 15 CHECK (sub_account_limit IN (5, 15)),
  captcha_required      boolean NOT NULL DEFAULT true,
  warning_switch        boolean NOT NULL DEFAULT false,
  score_serial          bigint NOT NULL DEFAULT 0,
  created_at            timestamptz NOT NULL DEFAULT now(),
  CHECK (maintenance_end IS NULL OR maintenance_start IS NULL OR maintenance_start < maintenance_end)
);
-- At most one default site: it answers every host that no site claims.
CREATE UNIQUE INDEX sites_one_default ON sites (is_default) WHERE is_default;

CREATE TABLE site_hosts (
  host    text PRIMARY KEY CHECK (host = lower(host)),
  site_id text NOT NULL REFERENCES sites (id) ON DELETE CASCADE
);

-- A visitor is blocked when a block rule matches, or when allow rules exist and none matches.
CREATE TABLE site_ip_rules (
  id      bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  site_id text NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
  kind    text NOT NULL CHECK (kind IN ('allow', 'block')),
  network cidr,
  country char(2),
  note    text NOT NULL DEFAULT '',
  CHECK ((network IS NULL) <> (country IS NULL))
);
CREATE INDEX site_ip_rules_site ON site_ip_rules (site_id, kind);

-- The account tree of a site: 0 company ... 4 agent, 5 member. Amounts are integer cents,
-- rates and shares integer hundredths of a percent (8000 = 80 %).
CREATE TABLE accounts (
  id                   bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  site_id              text NOT NULL REFERENCES sites (id),
  parent_id            bigint REFERENCES accounts (id),
  level                smallint NOT NULL CHECK (level BETWEEN 0 AND 5),
  login_id             text NOT NULL CHECK (login_id ~ '^[A-Za-z0-9_-]{4,16}$'),
  nickname             text NOT NULL,
  name                 text NOT NULL DEFAULT '',
  phone                text NOT NULL DEFAULT '',
  tel                  text NOT NULL DEFAULT '',
  wechat               text NOT NULL DEFAULT '',
  password_hash        text NOT NULL,
  safe_code_hash       text NOT NULL,
  status               smallint NOT NULL DEFAULT 1 CHECK (status IN (1, 4, 6)),
  team_status          smallint NOT NULL DEFAULT 1 CHECK (team_status IN (1, 4, 6)),
  balance              bigint NOT NULL DEFAULT 0 CHECK (balance >= 0),
  point_limit          bigint NOT NULL DEFAULT 0 CHECK (point_limit >= 0),
  agent_commision_rate integer NOT NULL DEFAULT 0 CHECK (agent_commision_rate BETWEEN 0 AND 10000),
  valid_amount_rate    integer NOT NULL DEFAULT 0 CHECK (valid_amount_rate BETWEEN 0 AND 10000),
  first_login          boolean NOT NULL DEFAULT true,
  force_pwd_update     boolean NOT NULL DEFAULT false,
  created_at           timestamptz NOT NULL DEFAULT now(),
  last_login_at        timestamptz,
  CHECK ((level = 0) = (parent_id IS NULL))
);
CREATE UNIQUE INDEX accounts_site_login ON accounts (site_id, lower(login_id));
CREATE INDEX accounts_parent ON accounts (parent_id);

-- Every movement of points, one row per transaction (issue, up, down, in, out).
CREATE TABLE score_log (
  id                  bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  site_id             text NOT NULL REFERENCES sites (id),
  serial_no           bigint NOT NULL,
  type                text NOT NULL CHECK (type IN ('issue', 'up', 'down', 'in', 'out')),
  from_account_id     bigint REFERENCES accounts (id),
  to_account_id       bigint NOT NULL REFERENCES accounts (id),
  amount              bigint NOT NULL CHECK (amount > 0),
  before              bigint NOT NULL CHECK (before >= 0),
  after               bigint NOT NULL CHECK (after >= 0),
  operator_before     bigint,
  operator_after      bigint,
  operator_account_id bigint NOT NULL REFERENCES accounts (id),
  operator_login      text NOT NULL,
  operator_ip         text NOT NULL DEFAULT '',
  comment             text NOT NULL DEFAULT '' CHECK (char_length(comment) <= 100),
  created_at          timestamptz NOT NULL,
  UNIQUE (site_id, serial_no)
);
CREATE INDEX score_log_to ON score_log (to_account_id, serial_no);
CREATE INDEX score_log_from ON score_log (from_account_id, serial_no);

-- Sessions live in the database so that every gateway process serves every user.
-- Only a hash of the token is stored.
CREATE TABLE sessions (
  token_hash     bytea PRIMARY KEY,
  site_id        text NOT NULL REFERENCES sites (id),
  account_id     bigint NOT NULL REFERENCES accounts (id),
  sub_account_id bigint,
  created_at     timestamptz NOT NULL,
  last_seen_at   timestamptz NOT NULL,
  revoked_at     timestamptz,
  ip             text NOT NULL DEFAULT '',
  terminal       text NOT NULL DEFAULT '',
  device         text NOT NULL DEFAULT ''
);
CREATE INDEX sessions_live_account ON sessions (account_id) WHERE revoked_at IS NULL;

-- Notices: status says draft or published; waiting / sending / complete follow from the window.
CREATE TABLE notices (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  site_id      text NOT NULL REFERENCES sites (id),
  kind         text NOT NULL DEFAULT 'site' CHECK (kind IN ('site', 'app', 'game')),
  title        jsonb NOT NULL,
  content      jsonb NOT NULL,
  status       text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'published')),
  target_level smallint CHECK (target_level BETWEEN 0 AND 5),
  publish_time timestamptz,
  start_time   timestamptz NOT NULL,
  end_time     timestamptz NOT NULL,
  created_by   bigint REFERENCES accounts (id),
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now(),
  CHECK (start_time <= end_time)
);
CREATE INDEX notices_current ON notices (site_id, kind, status, end_time);

-- Idempotency of write calls: the key and the effect commit in one transaction.
CREATE TABLE request_keys (
  site_id     text NOT NULL,
  account_id  bigint NOT NULL,
  method      text NOT NULL,
  request_key text NOT NULL,
  params_hash text NOT NULL,
  result      jsonb,
  created_at  timestamptz NOT NULL,
  PRIMARY KEY (site_id, account_id, method, request_key)
);

-- Operation record: every write call by a session, refused or not.
CREATE TABLE operation_log (
  id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  site_id        text NOT NULL,
  account_id     bigint NOT NULL,
  sub_account_id bigint,
  operator_login text NOT NULL,
  method         text NOT NULL,
  target_id      bigint,
  summary        text NOT NULL DEFAULT '',
  params         jsonb NOT NULL DEFAULT '{}',
  ip             text NOT NULL DEFAULT '',
  level          text NOT NULL CHECK (level IN ('normal', 'warn', 'error')),
  code           integer,
  request_key    text,
  created_at     timestamptz NOT NULL
);
CREATE INDEX operation_log_site_time ON operation_log (site_id, created_at);
CREATE INDEX operation_log_account_time ON operation_log (account_id, created_at);

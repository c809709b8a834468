-- Reconciliation with the game platform (docs/operations.md, "Reconciliation").
--
-- The simulator's fault mode: what the next bets it publishes or transfers it applies for a site
-- suffer (each action `remaining` more times). Its feed rows and transfers keep what a fault did:
-- a feed row `withheld` is in the platform's books (its statement) but never on the feed, `held`
-- is in the books and kept off the feed until released (then it is `withheld` and a `copy` goes
-- on the feed), a `copy` is on the feed but not in the books (an altered or duplicated row). A
-- transfer `withheld` moved the wallet but is not in the statement; one `doubled` was applied
-- twice (the wallet moved twice, the statement lists it twice).
CREATE TABLE simulator_faults (
  site_id   text NOT NULL,
  subject   text NOT NULL CHECK (subject IN ('bet', 'transfer')),
  action    text NOT NULL CHECK (action IN ('drop', 'delay', 'duplicate', 'alter')),
  remaining integer NOT NULL CHECK (remaining >= 0),
  PRIMARY KEY (site_id, subject, action)
);
ALTER TABLE platform_feed ADD COLUMN fault text CHECK (fault IN ('withheld', 'held', 'copy'));
ALTER TABLE platform_transfers ADD COLUMN fault text CHECK (fault IN ('withheld', 'doubled'));

-- A reconciliation run: one site's statement for a window (daily: a whole Beijing day; intraday:
-- the day's start to a cut-off) compared with our bets and transfers. `clean` when nothing
-- differed; `failed` when the statement could not be read (error says why).
CREATE TABLE reconciliation_runs (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  site_id      text NOT NULL,
  kind         text NOT NULL CHECK (kind IN ('daily', 'intraday')),
  from_at      timestamptz NOT NULL,
  to_at        timestamptz NOT NULL CHECK (to_at > from_at),
  started_at   timestamptz NOT NULL,
  finished_at  timestamptz NOT NULL,
  state        text NOT NULL CHECK (state IN ('clean', 'differences', 'failed')),
  -- What was compared: groups of bets, transfers and wallets in the statement.
  bet_groups   integer NOT NULL DEFAULT 0,
  transfers    integer NOT NULL DEFAULT 0,
  wallets      integer NOT NULL DEFAULT 0,
  differences  integer NOT NULL DEFAULT 0,
  error        text
);
CREATE INDEX reconciliation_runs_site ON reconciliation_runs (site_id, started_at DESC);

-- One difference of a run: its class, what it is about (a member's bets at a game, a transfer id,
-- a member's wallet), the platform's row and ours as they were read (null: none on that side),
-- and what was done about it (resolved with a note, by whom; the operation record has it too).
CREATE TABLE reconciliation_differences (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  run_id       bigint NOT NULL REFERENCES reconciliation_runs (id) ON DELETE CASCADE,
  site_id      text NOT NULL,
  class        text NOT NULL CHECK (class IN ('missing', 'late', 'mismatched', 'duplicate')),
  subject      text NOT NULL CHECK (subject IN ('bets', 'transfer', 'wallet')),
  ref          text NOT NULL,
  member_id    bigint,
  platform_row jsonb,
  our_row      jsonb,
  resolved_at  timestamptz,
  resolved_by  text,
  note         text,
  CHECK ((resolved_at IS NULL) = (resolved_by IS NULL))
);
CREATE INDEX reconciliation_differences_run ON reconciliation_differences (run_id, id);
CREATE INDEX reconciliation_differences_open ON reconciliation_differences (site_id) WHERE resolved_at IS NULL;

-- The job's place per site: reconciled from `since` (the job's first sight of the site: what was
-- before is never compared), the daily runs claimed up to `daily_to`, the last intraday run.
CREATE TABLE reconciliation_sites (
  site_id     text PRIMARY KEY,
  since       timestamptz NOT NULL,
  daily_to    timestamptz,
  intraday_at timestamptz
);

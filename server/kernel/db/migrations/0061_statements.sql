-- Statements (docs/product.md#statements): closing a bill period freezes one statement of the
-- agent's line in the same transaction as its settlements row. A statement is written once and
-- never updated: what changes later (a movement dated inside its period that committed after it
-- was frozen, a bet of its days re-settled or cancelled) shows on the agent's next statement as
-- a correction that names it. `content` is the statement as answered (canonical JSON hashed by
-- sha256 into `content_hash`); the columns beside it are what the lists filter on and what
-- `npm run ledger:check` recomputes it from: the score log up to `ledger_serial` (the site's
-- last serial at the freeze) over [period_start, period_end).
CREATE TABLE statements (
  id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  site_id        text NOT NULL REFERENCES sites (id),
  account_id     bigint NOT NULL REFERENCES accounts (id),
  -- Goes with its settlements row (a test or a site's removal deletes both).
  settlement_id  bigint NOT NULL UNIQUE REFERENCES settlements (id) ON DELETE CASCADE,
  period_start   timestamptz NOT NULL,
  period_end     timestamptz NOT NULL,
  -- The Beijing days of the rollups its bets sum: [from_day, end_day).
  from_day       date NOT NULL,
  end_day        date NOT NULL,
  ledger_serial  bigint NOT NULL CHECK (ledger_serial >= 0),
  content        jsonb NOT NULL,
  content_hash   text NOT NULL CHECK (content_hash ~ '^[0-9a-f]{64}$'),
  created_at     timestamptz NOT NULL,
  CHECK (period_start <= period_end),
  CHECK (from_day <= end_day)
);
CREATE INDEX statements_account ON statements (account_id, period_end);
CREATE INDEX statements_site ON statements (site_id, period_end);
-- Written once: an update is refused whatever the code above it does.
CREATE FUNCTION statements_frozen() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'statement-frozen' USING ERRCODE = 'P0001';
END $$;
CREATE TRIGGER statements_frozen BEFORE UPDATE ON statements FOR EACH ROW EXECUTE FUNCTION statements_frozen();

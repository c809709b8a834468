-- Points: score up / down between a parent and its direct child, the score log as the ledger.
--
-- A score-log row's before/after belong to the account the operation targeted (the child, or
-- the company for an issue), operator_before/operator_after to the parent side. Up moves
-- points from the parent (from) to the child (to), down from the child (from) to the parent (to).
-- No foreign key of its own: the shape checks below make it the from or the to account, which
-- have theirs (one lookup fewer per row written).
ALTER TABLE score_log ADD COLUMN target_account_id bigint;
UPDATE score_log SET target_account_id = CASE WHEN type = 'down' THEN from_account_id ELSE to_account_id END;
ALTER TABLE score_log ALTER COLUMN target_account_id SET NOT NULL;

-- The sub-account that acted for the operator, once sub-accounts exist (no table yet, so no key).
ALTER TABLE score_log ADD COLUMN operator_sub_account_id bigint;
-- The idempotency key of the call that wrote the row, for tracing. Exactly-once itself is the
-- dispatcher's: the request_keys primary key commits in the same transaction as this row.
ALTER TABLE score_log ADD COLUMN request_key text;

-- The database refuses a row whose numbers do not add up, whatever the code above it does.
ALTER TABLE score_log ADD CONSTRAINT score_log_issue_shape CHECK (
  type <> 'issue' OR (from_account_id IS NULL AND target_account_id = to_account_id AND after = before + amount
    AND operator_before IS NULL AND operator_after IS NULL));
ALTER TABLE score_log ADD CONSTRAINT score_log_up_shape CHECK (
  type <> 'up' OR (from_account_id IS NOT NULL AND from_account_id <> to_account_id AND target_account_id = to_account_id
    AND after = before + amount AND operator_before IS NOT NULL AND operator_after = operator_before - amount
    AND operator_after >= 0));
ALTER TABLE score_log ADD CONSTRAINT score_log_down_shape CHECK (
  type <> 'down' OR (from_account_id IS NOT NULL AND from_account_id <> to_account_id AND target_account_id = from_account_id
    AND after = before - amount AND operator_before IS NOT NULL AND operator_after = operator_before + amount));

-- Each account's history in serial order (the chain the ledger check follows, the log by account).
CREATE INDEX score_log_target ON score_log (target_account_id, serial_no);
-- The minimum interval per operator and target (37150) reads the pair's latest row here, so no
-- separate "last score at" table has to be kept in step with the log.
CREATE INDEX score_log_operator_target ON score_log (operator_account_id, target_account_id, created_at);
-- Issuance per site: its total is kept below what a bigint holds.
CREATE INDEX score_log_issues ON score_log (site_id, amount) WHERE type = 'issue';
-- Time filters of the log query.
CREATE INDEX score_log_site_time ON score_log (site_id, created_at);

-- Set by the game platform while a member plays: such a member cannot be scored down (20032).
ALTER TABLE accounts ADD COLUMN in_game boolean NOT NULL DEFAULT false;

-- agent.to.company.acc.reset: closes a settlement period between an agent and the company.
-- One row per close; balances are kept as they are (the row records the balance at the close).
CREATE TABLE settlements (
  id                  bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  site_id             text NOT NULL REFERENCES sites (id),
  account_id          bigint NOT NULL REFERENCES accounts (id),
  period_start        timestamptz NOT NULL,
  period_end          timestamptz NOT NULL,
  balance             bigint NOT NULL CHECK (balance >= 0),
  closed_by           bigint NOT NULL REFERENCES accounts (id),
  closed_by_login     text NOT NULL,
  closed_by_sub_id    bigint,
  created_at          timestamptz NOT NULL,
  CHECK (period_start <= period_end)
);
CREATE INDEX settlements_account ON settlements (account_id, period_end);

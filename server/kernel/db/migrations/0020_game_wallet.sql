-- Transfers to and from the game platform (docs/product.md#wallet-and-transfers).
--
-- The game wallet: one account per site that stands for the platform. Transfer in moves points
-- member -> wallet, transfer out wallet -> member, so every balance, the wallet's included,
-- still sums to the issuance. The wallet is the only account that may go negative (the
-- members' net winnings). It sits outside every line (no parent, its own path), so no listing
-- or line search ever meets it, and it never signs in.
ALTER TABLE accounts ADD COLUMN kind text NOT NULL DEFAULT 'tree' CHECK (kind IN ('tree', 'wallet'));
ALTER TABLE accounts DROP CONSTRAINT accounts_balance_check;
ALTER TABLE accounts ADD CONSTRAINT accounts_balance_check CHECK (balance >= 0 OR kind = 'wallet');
ALTER TABLE accounts ADD CONSTRAINT accounts_wallet_shape CHECK (kind = 'tree' OR (level = 0 AND parent_id IS NULL));
CREATE UNIQUE INDEX accounts_one_wallet ON accounts (site_id) WHERE kind = 'wallet';

CREATE FUNCTION sites_add_wallet() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO accounts (site_id, parent_id, level, login_id, nickname, password_hash, safe_code_hash, kind, first_login, created_at)
    VALUES (NEW.id, NULL, 0, 'game-wallet', 'Game wallet', '!', '!', 'wallet', false, NEW.created_at);
  RETURN NULL;
END $$;
CREATE TRIGGER sites_wallet AFTER INSERT ON sites FOR EACH ROW EXECUTE FUNCTION sites_add_wallet();
INSERT INTO accounts (site_id, parent_id, level, login_id, nickname, password_hash, safe_code_hash, kind, first_login, created_at)
  SELECT id, NULL, 0, 'game-wallet', 'Game wallet', '!', '!', 'wallet', false, created_at FROM sites;

-- A game session: from a member's first transfer in to the transfer out that empties its
-- platform balance. Its id is the transactionId of its bets, so the ledger check can hold
-- out = in + win/loss for every finished one.
CREATE TABLE game_sessions (
  site_id     text NOT NULL REFERENCES sites (id),
  session_id  text NOT NULL,
  member_id   bigint NOT NULL REFERENCES accounts (id),
  started_at  timestamptz NOT NULL,
  ended_at    timestamptz,
  PRIMARY KEY (site_id, session_id),
  CHECK (ended_at IS NULL OR ended_at >= started_at)
);
-- A member has at most one open session: the one that makes it "in game" (20032).
CREATE UNIQUE INDEX game_sessions_open ON game_sessions (member_id) WHERE ended_at IS NULL;
CREATE INDEX game_sessions_member ON game_sessions (member_id, started_at);

-- Transfer rows: the platform's transaction id (unique per site), the session, the state of
-- an `in` (pending until the platform confirms; reversed when it never applied it) and, on
-- the `out` that returns a reversed `in`, the serial it returns. An `out` is written only
-- once the platform confirmed it, so it is always done.
ALTER TABLE score_log ADD COLUMN state text NOT NULL DEFAULT 'done' CHECK (state IN ('pending', 'done', 'reversed'));
ALTER TABLE score_log ADD COLUMN reversal_of bigint;
ALTER TABLE score_log ADD COLUMN transfer_id text;
ALTER TABLE score_log ADD COLUMN game_session text;
ALTER TABLE score_log ADD CONSTRAINT score_log_in_shape CHECK (
  type <> 'in' OR (from_account_id = target_account_id AND to_account_id <> from_account_id AND after = before - amount
    AND operator_before IS NOT NULL AND operator_after = operator_before + amount AND transfer_id IS NOT NULL
    AND game_session IS NOT NULL AND reversal_of IS NULL));
ALTER TABLE score_log ADD CONSTRAINT score_log_out_shape CHECK (
  type <> 'out' OR (to_account_id = target_account_id AND from_account_id IS NOT NULL AND from_account_id <> to_account_id
    AND after = before + amount AND operator_before IS NOT NULL AND operator_after = operator_before - amount
    AND (transfer_id IS NOT NULL) <> (reversal_of IS NOT NULL) AND game_session IS NOT NULL AND state = 'done'));
ALTER TABLE score_log ADD CONSTRAINT score_log_transfer_fields CHECK (
  type IN ('in', 'out') OR (state = 'done' AND reversal_of IS NULL AND transfer_id IS NULL AND game_session IS NULL));
CREATE UNIQUE INDEX score_log_transfer ON score_log (site_id, transfer_id) WHERE transfer_id IS NOT NULL;
CREATE UNIQUE INDEX score_log_reversal ON score_log (site_id, reversal_of) WHERE reversal_of IS NOT NULL;
CREATE INDEX score_log_pending ON score_log (site_id, created_at) WHERE state = 'pending';
CREATE INDEX score_log_session ON score_log (site_id, game_session) WHERE game_session IS NOT NULL;

-- A transfer out asked of the platform and not yet confirmed: it credits nothing until then.
-- done once its `out` row is written (same transaction), failed when the platform never
-- applied it (the points stay at the platform).
CREATE TABLE transfer_outs (
  site_id       text NOT NULL REFERENCES sites (id),
  transfer_id   text NOT NULL,
  member_id     bigint NOT NULL REFERENCES accounts (id),
  game_session  text NOT NULL,
  amount        bigint NOT NULL CHECK (amount > 0),
  state         text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'done', 'failed')),
  requested_at  timestamptz NOT NULL,
  finished_at   timestamptz,
  PRIMARY KEY (site_id, transfer_id),
  CHECK ((state = 'pending') = (finished_at IS NULL))
);
CREATE INDEX transfer_outs_pending ON transfer_outs (site_id, requested_at) WHERE state = 'pending';

-- The simulator's side (the game platform's own books): each member's balance there and
-- every transfer id it has seen. A voided id is one the back office settled as never
-- applied: a late request with it is refused, so "not applied" stays true.
CREATE TABLE platform_wallets (
  site_id    text NOT NULL REFERENCES sites (id),
  member_id  bigint NOT NULL REFERENCES accounts (id),
  balance    bigint NOT NULL DEFAULT 0 CHECK (balance >= 0),
  PRIMARY KEY (site_id, member_id)
);
CREATE TABLE platform_transfers (
  site_id     text NOT NULL REFERENCES sites (id),
  transfer_id text NOT NULL,
  member_id   bigint NOT NULL REFERENCES accounts (id),
  type        text NOT NULL CHECK (type IN ('in', 'out')),
  amount      bigint NOT NULL CHECK (amount > 0),
  state       text NOT NULL CHECK (state IN ('applied', 'void')),
  created_at  timestamptz NOT NULL,
  PRIMARY KEY (site_id, transfer_id)
);

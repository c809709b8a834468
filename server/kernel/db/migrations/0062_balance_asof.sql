-- Balances as of a moment (docs/product.md#balances-as-of): an account's balance at an instant
-- is the balance its last score-log row at or before that instant left, read from the side of
-- the row the account is on. A row carries two balances (the target's before/after and the
-- other side's operator_before/operator_after), so an account's rows are those it is the from
-- or the to account of: one index per side, in time order with the serial breaking ties, so
-- each side's last row at or before an instant is one descent of its index, whatever the
-- length of the account's history.
CREATE INDEX score_log_from_time ON score_log (from_account_id, created_at, serial_no);
CREATE INDEX score_log_to_time ON score_log (to_account_id, created_at, serial_no);

-- Balances as of a moment, index-only (docs/product.md#balances-as-of): each side's index of
-- 0062 found an account's last row at or before an instant in one descent, then read the row
-- from the table for its balance. These carry what the balance is read from (the row's target
-- and both sides' balances after it), so the probe answers from the index alone and stops at
-- its first entry: two index-only probes per account, O(log n) in the log.
CREATE INDEX score_log_from_asof ON score_log (from_account_id, created_at, serial_no)
  INCLUDE (target_account_id, after, operator_after);
CREATE INDEX score_log_to_asof ON score_log (to_account_id, created_at, serial_no)
  INCLUDE (target_account_id, after, operator_after);
DROP INDEX score_log_from_time;
DROP INDEX score_log_to_time;

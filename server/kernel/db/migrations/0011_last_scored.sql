-- When each account was last scored up or down by its parent (only a direct parent scores an
-- account, so this is "per operator and target"): the latest time of its transfers in the log
-- (each gateway process stamps its own clock, so the latest to commit is not always the latest
-- in time: it is kept with GREATEST). The transfer's one statement writes it next
-- to the log row; the minimum interval (37150) reads it from the row the transfer has already
-- locked, instead of one more query on the log while the parent's row is held.
ALTER TABLE accounts ADD COLUMN last_scored_at timestamptz;

UPDATE accounts a SET last_scored_at = l.at
  FROM (SELECT target_account_id, max(created_at) AS at FROM score_log WHERE type IN ('up', 'down') GROUP BY target_account_id) l
 WHERE l.target_account_id = a.id;

-- It served only that interval check.
DROP INDEX score_log_operator_target;

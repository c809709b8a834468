-- A platform that stops answering: the calls that got no answer since the last one that did
-- (reset by the next answer), when the last failed and why, so every gateway process's health
-- turns red alike (3 in a row, or 15 s without an answer). A failure may come before any success.
ALTER TABLE site_platform_calls
  ALTER COLUMN last_success_at DROP NOT NULL,
  ADD COLUMN failures_in_row integer NOT NULL DEFAULT 0 CHECK (failures_in_row >= 0),
  ADD COLUMN last_failure_at timestamptz,
  ADD COLUMN last_failure    text;

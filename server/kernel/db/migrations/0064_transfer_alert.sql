-- Minutes a transfer with the game platform may stay unsettled before it is overdue
-- (docs/operations.md, "In-flight transfers"): the in-flight view lists it and the monitoring
-- red dot lights. The range is TRANSFER_ALERT_MINUTES' (contract/system-setting-limits.contract.ts).
ALTER TABLE sites ADD COLUMN transfer_alert_minutes integer NOT NULL DEFAULT 10
  CHECK (transfer_alert_minutes BETWEEN 1 AND 1440);

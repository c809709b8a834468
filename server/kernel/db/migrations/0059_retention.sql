-- Data that ages out (docs/operations.md#data-retention): each site's days per kind of record,
-- only those the company changed (the others keep RETENTION_DAYS' defaults, so a new kind needs
-- no migration of its own), and what the purge removed so far, for the metrics.
ALTER TABLE sites ADD COLUMN retention_days jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(retention_days) = 'object');

CREATE TABLE retention_purged (
  table_name  text PRIMARY KEY,
  rows        bigint NOT NULL DEFAULT 0 CHECK (rows >= 0),
  last_run_at timestamptz NOT NULL
);

-- What the purge reads, oldest first. Sessions have none on purpose: their last_seen_at changes
-- on every call, and an index on it would cost each of those writes more than the purge saves.
CREATE INDEX request_keys_site_time ON request_keys (site_id, created_at);
CREATE INDEX monitor_events_site_time ON monitor_events (site_id, created_at);
CREATE INDEX jobs_finished ON jobs (site_id, updated_at) WHERE status IN ('done', 'failed');

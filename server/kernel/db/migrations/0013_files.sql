-- Files made for download (exports): kept in the database, so any gateway process can answer
-- them, for 24 hours, to the account that made them only. Expired rows are swept whenever a
-- new file is written and are refused before that.
CREATE TABLE files (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  site_id      text NOT NULL REFERENCES sites (id),
  -- The main account that made it. No foreign key, like jobs: a file outlives nothing anyway.
  owner_id     bigint NOT NULL,
  name         text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  content_type text NOT NULL,
  bytes        bytea NOT NULL,
  created_at   timestamptz NOT NULL,
  expires_at   timestamptz NOT NULL,
  CHECK (expires_at = created_at + interval '24 hours')
);
-- What the sweep deletes.
CREATE INDEX files_expiry ON files (expires_at);

-- A job is either a list of items (a result each, at most 500) or one long task (an export)
-- that reports how many of its rows it has written and ends with a file.
ALTER TABLE jobs DROP CONSTRAINT jobs_kind_check;
ALTER TABLE jobs ADD CONSTRAINT jobs_kind_check CHECK (kind IN ('user.add.batch', 'user.all.enable', 'user.all.disable', 'export'));
ALTER TABLE jobs DROP CONSTRAINT jobs_total_check;
ALTER TABLE jobs ADD CONSTRAINT jobs_total_check CHECK (total >= 0 AND (kind = 'export' OR total BETWEEN 1 AND 500));
-- The results check was named by PostgreSQL (it reads two columns): found by what it says.
DO $drop$
DECLARE name text;
BEGIN
  SELECT conname INTO STRICT name FROM pg_constraint
   WHERE conrelid = 'jobs'::regclass AND contype = 'c' AND pg_get_constraintdef(oid) LIKE '%jsonb_array_length(results)%';
  EXECUTE format('ALTER TABLE jobs DROP CONSTRAINT %I', name);
END $drop$;
ALTER TABLE jobs ADD CONSTRAINT jobs_results_check CHECK (
  CASE WHEN jsonb_typeof(results) = 'array' THEN kind = 'export' OR jsonb_array_length(results) = done ELSE false END);
-- The task's file once it is done; gone with the file after 24 hours.
ALTER TABLE jobs ADD COLUMN file_id bigint REFERENCES files (id) ON DELETE SET NULL;

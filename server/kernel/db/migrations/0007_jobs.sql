-- Bulk actions run as background jobs. Any gateway process may claim a job that is queued, or
-- running with a heartbeat older than the lease (its process died), and go on at item `done`:
-- each item commits together with `done` and its result, so none is lost or done twice.
CREATE TABLE jobs (
  id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  site_id        text NOT NULL REFERENCES sites (id),
  -- The main account that started the job: its rights are checked again for every item.
  -- No foreign key, like operation_log: a job whose owner is gone is failed, not cascaded away.
  owner_id       bigint NOT NULL,
  sub_account_id bigint,
  ip             text NOT NULL DEFAULT '',
  kind           text NOT NULL CHECK (kind IN ('user.add.batch', 'user.all.enable', 'user.all.disable')),
  status         text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'done', 'failed')),
  total          integer NOT NULL CHECK (total BETWEEN 1 AND 500),
  done           integer NOT NULL DEFAULT 0 CHECK (done BETWEEN 0 AND total),
  -- Secrets are stored hashed only.
  params         jsonb NOT NULL,
  -- One entry per finished item, in item order.
  results        jsonb NOT NULL DEFAULT '[]' CHECK (CASE WHEN jsonb_typeof(results) = 'array' THEN jsonb_array_length(results) = done ELSE false END),
  worker         text,
  -- Written with the database's clock, so every process judges a lease the same way.
  heartbeat_at   timestamptz,
  -- Claims since the last finished item: a job that keeps dying without progress is failed.
  stalls         smallint NOT NULL DEFAULT 0,
  failure        text,
  created_at     timestamptz NOT NULL,
  updated_at     timestamptz NOT NULL,
  CHECK ((status = 'failed') = (failure IS NOT NULL)),
  CHECK (status <> 'done' OR done = total),
  CHECK (status <> 'running' OR (worker IS NOT NULL AND heartbeat_at IS NOT NULL))
);
-- What the runners poll for: small, since finished jobs leave it.
CREATE INDEX jobs_unfinished ON jobs (id) WHERE status IN ('queued', 'running');

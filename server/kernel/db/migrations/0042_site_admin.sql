-- Sites made from the operator's command line (`npm run site`, docs/operations.md "Sites").

-- A disabled site answers its maintenance screen to everyone, its company accounts included.
ALTER TABLE sites ADD COLUMN disabled boolean NOT NULL DEFAULT false;

-- How a site reaches its game platform: the embedded simulator (also what a site without a
-- row uses) or a platform's HTTP API at `url`, signed with `key_id` and `secret`. The secret is
-- kept as given (the adapter signs with it) and never answered by any method or listed.
CREATE TABLE site_platforms (
  site_id    text PRIMARY KEY REFERENCES sites (id) ON DELETE CASCADE,
  kind       text NOT NULL DEFAULT 'embedded' CHECK (kind IN ('embedded', 'http')),
  url        text,
  key_id     text,
  secret     text,
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (CASE WHEN kind = 'http' THEN url IS NOT NULL AND key_id IS NOT NULL AND secret IS NOT NULL
              ELSE url IS NULL AND key_id IS NULL AND secret IS NULL END)
);

-- The operation record's actor may be the system (the operator's command line), which is no
-- account: its rows have no account and name `system` as the operator.
ALTER TABLE operation_log ALTER COLUMN account_id DROP NOT NULL;
ALTER TABLE operation_log ADD CONSTRAINT operation_log_actor
  CHECK (account_id IS NOT NULL OR (sub_account_id IS NULL AND operator_login = 'system'));

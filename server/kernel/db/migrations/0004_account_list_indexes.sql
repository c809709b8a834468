-- Account lists read their first page through an index, even under an agent with a hundred
-- thousand members, and know how many direct children an account has without counting them.
CREATE INDEX accounts_parent_balance ON accounts (parent_id, balance, id);
CREATE INDEX accounts_parent_last_login ON accounts (parent_id, last_login_at DESC NULLS LAST, id DESC);
CREATE INDEX accounts_parent_login_id ON accounts (parent_id, lower(login_id), id);
DROP INDEX accounts_parent_login;

ALTER TABLE accounts ADD COLUMN child_count integer NOT NULL DEFAULT 0 CHECK (child_count >= 0);
UPDATE accounts p SET child_count = c.n FROM (SELECT parent_id, count(*) AS n FROM accounts GROUP BY parent_id) c WHERE p.id = c.parent_id;

-- One update per parent and statement, so a bulk insert of many children touches the parent once.
CREATE FUNCTION accounts_count_children() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE accounts p SET child_count = p.child_count + c.n
    FROM (SELECT parent_id, count(*) AS n FROM inserted WHERE parent_id IS NOT NULL GROUP BY parent_id) c
   WHERE p.id = c.parent_id;
  RETURN NULL;
END $$;
CREATE TRIGGER accounts_children AFTER INSERT ON accounts REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT EXECUTE FUNCTION accounts_count_children();

-- Check and add score (docs/product.md#check-and-add-score): the company's review of large score operations after the fact.
-- A check never holds or moves points: it records who looked at an operation and when.
CREATE TABLE score_checks (
  site_id       text NOT NULL,
  serial_no     bigint NOT NULL,
  -- The main account the check was made for, and the login that made it (a clerk's when one did).
  checked_by    bigint NOT NULL REFERENCES accounts (id),
  checked_login text NOT NULL,
  checked_at    timestamptz NOT NULL,
  PRIMARY KEY (site_id, serial_no),
  FOREIGN KEY (site_id, serial_no) REFERENCES score_log (site_id, serial_no)
);
-- 37151 reads a login's latest check.
CREATE INDEX score_checks_login ON score_checks (site_id, checked_login, checked_at DESC);

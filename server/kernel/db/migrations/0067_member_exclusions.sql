-- Time-outs and self-exclusions of members (docs/product.md#time-outs-and-self-exclusion): who
-- set one, at which level, when, until when (NULL = permanent), why. A member has at most one
-- active at a time: a lengthening or a shortening rewrites its end, a lift ends it; the operation
-- record keeps each change. While it holds, score ups to the member are refused and the game
-- platform refuses its bets (the end is pushed with the member's other betting rules).
CREATE TABLE member_exclusions (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  site_id      text NOT NULL REFERENCES sites (id),
  member_id    bigint NOT NULL REFERENCES accounts (id),
  kind         text NOT NULL CHECK (kind IN ('time-out', 'self-exclusion')),
  set_by       bigint NOT NULL REFERENCES accounts (id),
  setter_level smallint NOT NULL,
  set_at       timestamptz NOT NULL,
  -- NULL: permanent.
  until        timestamptz,
  reason       text NOT NULL,
  note         text NOT NULL DEFAULT '',
  -- A lift ends it before its end; the lifter is kept.
  lifted_at    timestamptz,
  lifted_by    bigint REFERENCES accounts (id)
);
-- One open exclusion per member (an expired one stays open until a new one replaces it).
CREATE UNIQUE INDEX member_exclusions_open ON member_exclusions (member_id) WHERE lifted_at IS NULL;
CREATE INDEX member_exclusions_site ON member_exclusions (site_id) WHERE lifted_at IS NULL;

-- The platform's copy: whether the member is excluded and until when (NULL with excluded = permanent).
ALTER TABLE simulator_accounts ADD COLUMN excluded boolean NOT NULL DEFAULT false;
ALTER TABLE simulator_accounts ADD COLUMN excluded_until timestamptz;

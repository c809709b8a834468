-- Members' suggestions and complaints come from the game platform (where members write them) to
-- the back office through its feed, read from the same cursor as bets and rounds, and are kept
-- once per platform id (the suggestions screen lists and answers them).
ALTER TABLE platform_feed DROP CONSTRAINT platform_feed_kind_check;
ALTER TABLE platform_feed ADD CONSTRAINT platform_feed_kind_check CHECK (kind IN ('bet', 'round', 'suggestion'));

CREATE TABLE suggestions (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  site_id     text NOT NULL REFERENCES sites (id),
  -- The platform's id of it: read twice, stored once.
  platform_id text NOT NULL,
  member_id   bigint NOT NULL REFERENCES accounts (id),
  kind        text NOT NULL CHECK (kind IN ('suggestion', 'complaint')),
  title       text NOT NULL,
  content     text NOT NULL,
  -- The terminal it was written from (pc, h5, app).
  device      text NOT NULL,
  sent_at     timestamptz NOT NULL,
  received_at timestamptz NOT NULL,
  status      text NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'read', 'answered')),
  reply       text,
  replied_by  bigint REFERENCES accounts (id),
  replied_at  timestamptz,
  UNIQUE (site_id, platform_id)
);
-- An agent's list: the suggestions of its line, newest first.
CREATE INDEX suggestions_site_time ON suggestions (site_id, sent_at DESC);
CREATE INDEX suggestions_member ON suggestions (member_id, sent_at DESC);

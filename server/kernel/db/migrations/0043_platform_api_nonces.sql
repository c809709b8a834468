-- Nonces of signed platform API requests (docs/platform-api.md#signing), both
-- directions: a request whose key id and nonce are here is a replay and is refused (37100).
-- The primary key lets two gateway processes that receive the same request agree: one insert
-- wins. Rows are kept while their timestamp could still be accepted (with a margin) and purged
-- after by signed_at.
CREATE TABLE platform_api_nonces (
  key_id    text NOT NULL,
  nonce     text NOT NULL,
  signed_at timestamptz NOT NULL,
  PRIMARY KEY (key_id, nonce)
);
CREATE INDEX platform_api_nonces_signed_at ON platform_api_nonces (signed_at);

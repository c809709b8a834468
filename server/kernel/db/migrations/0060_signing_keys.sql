-- Keys the gateways sign their own short-lived tokens with (a money action's preview, see
-- server/points/preview-token.ts): kept in the database, so every gateway process of a site
-- holds the same key and none keeps state of its own. Made here from the server's CSPRNG
-- (gen_random_uuid: 244 random bits in the two). Replacing a key only makes the previews
-- signed with the old one stale: their actions are refused with a fresh preview.
CREATE TABLE signing_keys (
  name       text PRIMARY KEY,
  key        bytea NOT NULL CHECK (length(key) >= 32),
  created_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO signing_keys (name, key)
VALUES ('preview', decode(replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), 'hex'));

-- Secrets sealed at rest (docs/operations.md, "Secrets key"): the platforms' secrets and the
-- signing keys are stored as `sealed:v1:<key id>:<nonce>:<ciphertext>` (AES-256-GCM under the
-- SECRETS_KEY, server/kernel/secrets-key.ts), never in clear. SQL has no key, so this marks the
-- platform secrets stored before it `clear:`; the gateway seals them at its next start, right after
-- the migrations (server/kernel/stored-secrets.ts), and refuses to start without the key.

-- A site may hold two platform secrets while one is replaced (`npm run site -- platform <site>
-- --rotate`): `secret` the newest, which the back office signs its calls with, `secret_old` the
-- one it replaces, still accepted on the platform's calls until `--rotate-end` drops it.
ALTER TABLE site_platforms ADD COLUMN secret_old text, ADD COLUMN rotated_at timestamptz;
UPDATE site_platforms SET secret = 'clear:' || secret WHERE secret IS NOT NULL;
ALTER TABLE site_platforms
  ADD CONSTRAINT site_platforms_rotation CHECK ((secret_old IS NULL) = (rotated_at IS NULL) AND (secret_old IS NULL OR kind = 'http')),
  ADD CONSTRAINT site_platforms_secret_form CHECK (secret ~ '^(clear|sealed):' AND (secret_old IS NULL OR secret_old ~ '^(clear|sealed):'));

-- The signing keys become sealed text. The clear ones are dropped rather than sealed: the start
-- makes each anew, sealed from the first write (replacing the preview key only makes the previews
-- signed with the old one stale: their actions are refused with a fresh preview).
DELETE FROM signing_keys;
ALTER TABLE signing_keys DROP CONSTRAINT signing_keys_key_check;
ALTER TABLE signing_keys ALTER COLUMN key TYPE text USING '';
ALTER TABLE signing_keys ADD CONSTRAINT signing_keys_key_form CHECK (key LIKE 'sealed:%');

-- The platform's requests to the back office (/api/platform/lobby/…) name their site by the key
-- id they are signed with (docs/platform-api.md "Platform -> back office"): one key id, one site.
CREATE UNIQUE INDEX site_platforms_key_id ON site_platforms (key_id) WHERE key_id IS NOT NULL;

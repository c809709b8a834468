-- The feed of each site on an HTTP platform is read by the gateway from a cursor of its
-- own (platform_feed_cursor stays the embedded platform's). A row is made at the site's first
-- read; the ingest locks it for the page it stores, so two gateway processes never store one page twice.
CREATE TABLE site_feed_cursors (
  site_id text PRIMARY KEY REFERENCES sites (id),
  seq     bigint NOT NULL DEFAULT 0
);

-- A platform answers one site's feed (readFeed with siteId): read by site, in order.
CREATE INDEX platform_feed_site_seq ON platform_feed (site_id, seq);

-- What the monitoring screen and GET /api/health?detail=1 tell of each site's game
-- platform. Gateways keep no state of their own, so each fact lives here, written cheaply.

-- The feed's side, on the cursor row its ingest already locks (no other row is locked by it):
-- when a page was last read, when the feed was last read to its end (the lag in seconds counts
-- from it), and how far behind the last read found it (the lag in items, a lower bound: the
-- feed's answer does not say what remains).
ALTER TABLE site_feed_cursors
  ADD COLUMN read_at        timestamptz,
  ADD COLUMN read_to_end_at timestamptz,
  ADD COLUMN behind_items   integer NOT NULL DEFAULT 0 CHECK (behind_items >= 0);

-- The last call the site's HTTP platform answered (transfers, records, pushes, the lobby):
-- written at most once every few seconds per site and gateway process, never per bet.
CREATE TABLE site_platform_calls (
  site_id         text PRIMARY KEY REFERENCES sites (id),
  last_success_at timestamptz NOT NULL
);

-- The platform's requests to the back office refused for their signature (a known key id, so a
-- known site), counted per site per minute: one row upserted, whatever the number of refusals.
CREATE TABLE platform_signature_refusals (
  site_id  text NOT NULL REFERENCES sites (id),
  minute   timestamptz NOT NULL,
  refusals integer NOT NULL CHECK (refusals > 0),
  PRIMARY KEY (site_id, minute)
);

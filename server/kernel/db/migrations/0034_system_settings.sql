-- System settings (gw.credit.sys.setting): what the sites row did not hold yet.
ALTER TABLE sites
  -- The back-office IP whitelist is the site's allow rules, in force while this is on.
  ADD COLUMN ip_whitelist_on boolean NOT NULL DEFAULT false,
  -- Whether agents (levels 1-4) see the finance screens (system.finance.isvisit).
  ADD COLUMN finance_visible boolean NOT NULL DEFAULT true,
  -- Monitoring thresholds in cents; 0 = that kind of event is not raised.
  ADD COLUMN monitor_bet_cents bigint NOT NULL DEFAULT 0 CHECK (monitor_bet_cents >= 0),
  ADD COLUMN monitor_win_cents bigint NOT NULL DEFAULT 0 CHECK (monitor_win_cents >= 0),
  ADD COLUMN monitor_score_cents bigint NOT NULL DEFAULT 0 CHECK (monitor_score_cents >= 0),
  -- The uploaded logo, served at /site-logo (sites.logo then holds that address with a version).
  ADD COLUMN logo_image bytea,
  ADD COLUMN logo_type text CHECK (logo_type IN ('image/png', 'image/jpeg')),
  ADD CONSTRAINT sites_logo_whole CHECK ((logo_image IS NULL) = (logo_type IS NULL));

-- Allow rules used to apply whenever a site had any: such a site keeps its whitelist on.
UPDATE sites SET ip_whitelist_on = true
 WHERE EXISTS (SELECT 1 FROM site_ip_rules r WHERE r.site_id = sites.id AND r.kind = 'allow');

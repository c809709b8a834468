-- Readers ask for the published notices of a kind whose window holds now: most notices of a site
-- have long ended, so the window's end leads, and drafts are left out of the index altogether.
CREATE INDEX notices_published_window ON notices (site_id, kind, end_time, start_time) WHERE status = 'published';

-- Who answered a suggestion, by the login that acted (a clerk's own name, as the operation record
-- names it); replied_by stays the main account it acted for.
ALTER TABLE suggestions ADD COLUMN replied_by_login text;
-- A line's new suggestions are counted for the menu on every screen.
CREATE INDEX suggestions_new ON suggestions (site_id, member_id) WHERE status = 'new';

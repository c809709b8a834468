-- A new monitor event changes the red dot's counts. Whatever inserts it (a sign-in,
-- a score movement, a status change, a watched bet), one NOTIFY per site and statement tells the
-- site's live streams (server/events/live-events.service.ts, channel "live.<site id>").
CREATE FUNCTION live_monitor_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('live.' || site_id, '{"kind":"monitoring"}') FROM (SELECT DISTINCT site_id FROM raised) AS sites;
  RETURN NULL;
END $$;

CREATE TRIGGER monitor_events_live AFTER INSERT ON monitor_events
  REFERENCING NEW TABLE AS raised FOR EACH STATEMENT EXECUTE FUNCTION live_monitor_events();

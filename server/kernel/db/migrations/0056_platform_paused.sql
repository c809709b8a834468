-- A restored copy of the database holds the live platform's connection: until an operator says
-- it is that platform's back office again (`npm run site -- platform <site> --resume`), nothing
-- calls the platform (no feed reads, transfer repair or pushes). `npm run restore` sets it on
-- every HTTP connection; NULL: the connection is in use.
ALTER TABLE site_platforms ADD COLUMN paused_at timestamptz;

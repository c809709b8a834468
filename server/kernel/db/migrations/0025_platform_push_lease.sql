-- Two processes sending one subject at once could deliver an older state after a newer one, and
-- the platform would keep the older. A sender first takes the row for a while (sending_until):
-- only it sends that subject meanwhile, and a change made meanwhile raises `version`, so the row
-- stays for the next round. The platform's answer must come within that while (adapters time
-- their calls out well before).
ALTER TABLE platform_pushes ADD COLUMN sending_until timestamptz;

-- The simulator's books are the game platform's own (docs/product.md#wallet-and-transfers): a platform knows a
-- member only by the id the back office sends it, and keeps its records whatever our tables
-- hold, so its tables carry no foreign keys into ours. Each key cost a lookup and a share lock
-- of our site and member rows on every transfer the platform applied.
ALTER TABLE platform_transfers DROP CONSTRAINT platform_transfers_site_id_fkey, DROP CONSTRAINT platform_transfers_member_id_fkey;
ALTER TABLE platform_wallets DROP CONSTRAINT platform_wallets_site_id_fkey, DROP CONSTRAINT platform_wallets_member_id_fkey;

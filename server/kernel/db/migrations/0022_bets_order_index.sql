-- The primary key (site_id, order_id, bet_time) already finds a bet by its order number: the
-- index on (site_id, order_id) only cost every stored bet one more index entry (about a sixth
-- of the bulk history seed's time on PostgreSQL).
DROP INDEX bets_order;

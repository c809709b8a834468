-- The simulator as a platform of its own (`npm run platform`): its books live in a
-- database of their own, migrated with these same files, where `sites` and `accounts` stay
-- empty. A platform knows a site and a member only by the ids the back office sends it (as
-- 0038 said of its wallets and transfers), so its tables keep no foreign keys into ours: with
-- them, the first push or seat for a site would be refused in its own database.
ALTER TABLE simulator_players DROP CONSTRAINT IF EXISTS simulator_players_member_id_fkey,
  DROP CONSTRAINT IF EXISTS simulator_players_site_id_fkey;
ALTER TABLE platform_feed DROP CONSTRAINT IF EXISTS platform_feed_site_id_fkey;
ALTER TABLE simulator_jackpots DROP CONSTRAINT IF EXISTS simulator_jackpots_site_id_fkey;
ALTER TABLE simulator_games_closed DROP CONSTRAINT IF EXISTS simulator_games_closed_site_id_fkey;
ALTER TABLE simulator_accounts DROP CONSTRAINT IF EXISTS simulator_accounts_site_id_fkey;
ALTER TABLE simulator_game_notices DROP CONSTRAINT IF EXISTS simulator_game_notices_site_id_fkey;
ALTER TABLE simulator_suggestion_replies DROP CONSTRAINT IF EXISTS simulator_suggestion_replies_site_id_fkey;

-- The transfer id of the `in` that found the member's wallet empty (or new): the back office
-- opens the member's game session with that transfer and files its bets under the session's id,
-- so the standalone platform gives that id to its bets as their transaction id.
ALTER TABLE platform_wallets ADD COLUMN opened_by text;

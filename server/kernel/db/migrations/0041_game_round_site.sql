-- A machine's spin is one member's, so it belongs to that member's site; a live table's round is
-- every site's (else game.result.query would show a site the other sites' spins). NULL: a live
-- round. Spins stored before take the site of their bet.
ALTER TABLE game_rounds ADD COLUMN site_id text;
UPDATE game_rounds r SET site_id = b.site_id
  FROM bets b
 WHERE b.game_id = r.game_id AND b.round_no = r.round_no AND b.game_type = 'electronic';

-- A member whose winnings reached its maximum points winnable (max_win) is blocked from
-- winning more until its agent removes the limit (REMOVE_LIMIT). The game platform sets it.
ALTER TABLE accounts ADD COLUMN win_blocked boolean NOT NULL DEFAULT false;

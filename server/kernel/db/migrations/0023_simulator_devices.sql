-- Members play from a terminal: pc, h5 (the mobile web) or the app, chosen when they sit down,
-- so turning a terminal off for a member (device switches) refuses its bets from that terminal.
ALTER TABLE simulator_players ADD COLUMN device text NOT NULL DEFAULT 'pc' CHECK (device IN ('pc', 'h5', 'app'));

-- The most members one agent may hold on this site (20046 past it); 0 = no limit.
-- Checked by gw.credit.user.add and each item of a batch, under the agent's row lock.
ALTER TABLE sites ADD COLUMN member_limit integer NOT NULL DEFAULT 0 CHECK (member_limit BETWEEN 0 AND 100000);

-- An answer to a member's suggestion goes back to the member where it was written: the game
-- platform's lobby. The reply rides the outbox like the game notices (subject 'reply', one push
-- per suggestion, account_id holding the suggestion's id), queued in the transaction of the
-- reply, so an answer saved is an answer that reaches the member, whatever fails in between.
ALTER TABLE platform_pushes DROP CONSTRAINT platform_pushes_subject_check;
ALTER TABLE platform_pushes ADD CONSTRAINT platform_pushes_subject_check CHECK (
  (subject IN ('games', 'notices') AND account_id = 0) OR (subject IN ('account', 'reply') AND account_id > 0));

-- The simulator's copy: the answers its members can read (the platform keeps its own).
CREATE TABLE simulator_suggestion_replies (
  site_id       text NOT NULL REFERENCES sites (id),
  -- The platform's id of the suggestion (as it sent it in its feed).
  suggestion_id text NOT NULL,
  member_id     text NOT NULL,
  reply         text NOT NULL,
  replied_at    timestamptz NOT NULL,
  PRIMARY KEY (site_id, suggestion_id)
);

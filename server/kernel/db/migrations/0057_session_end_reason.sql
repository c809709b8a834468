-- Why a session was ended by its upline (frozen, disabled, kicked out, its line locked or
-- frozen): a call with that session's token is answered 2202 with the reason, so the login
-- screen can say it. NULL for every other end (logout, timeout, a new password).
ALTER TABLE sessions ADD COLUMN end_reason text;

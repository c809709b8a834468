-- issue: captcha images given to one IP in 10 minutes (CAPTCHA_ISSUE_LIMIT), counted like
-- the sign-in limits so that every gateway process shares them.
ALTER TABLE attempt_counters DROP CONSTRAINT attempt_counters_scope_check;
ALTER TABLE attempt_counters ADD CONSTRAINT attempt_counters_scope_check CHECK (scope IN ('pair', 'name', 'ip', 'captcha', 'issue'));

-- The id of the request that started a job, so the job's log lines carry the same
-- request id as the call's own (what the call caused, found with one search). Null for jobs made
-- before, or by no request.
ALTER TABLE jobs ADD COLUMN request_id text CHECK (length(request_id) <= 64);

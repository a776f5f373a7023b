-- run_at alone: the scan walks every finished row with an earlier run_at first.
CREATE TABLE jobs (id bigserial PRIMARY KEY, status text NOT NULL, run_at timestamptz NOT NULL); -- want `add in a new migration, CONCURRENTLY .*: CREATE INDEX CONCURRENTLY jobs_poll_idx ON jobs \(run_at\) WHERE status = 'queued'`
CREATE INDEX jobs_run_at ON jobs (run_at);

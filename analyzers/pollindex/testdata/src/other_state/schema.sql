-- The partial index covers the running jobs (for the reclaimer), not the queued ones.
CREATE TABLE jobs (id bigserial PRIMARY KEY, status text NOT NULL, run_at timestamptz NOT NULL, locked_until timestamptz); -- want `CREATE INDEX CONCURRENTLY jobs_poll_idx ON jobs \(run_at\) WHERE status = 'queued'`
CREATE INDEX jobs_running ON jobs (locked_until) WHERE status = 'running';

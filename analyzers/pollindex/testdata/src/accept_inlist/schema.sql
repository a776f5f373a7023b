CREATE TABLE jobs (id bigserial PRIMARY KEY, status text NOT NULL, run_at timestamptz NOT NULL);
CREATE INDEX jobs_runnable ON jobs (run_at) WHERE status IN ('queued', 'retrying');

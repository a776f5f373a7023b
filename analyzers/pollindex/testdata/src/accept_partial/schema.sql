-- The review's fix.
CREATE TABLE jobs (id bigserial PRIMARY KEY, kind text, status text NOT NULL, run_at timestamptz NOT NULL);
CREATE INDEX jobs_kind_idx ON jobs (kind);
CREATE INDEX jobs_runnable ON jobs (run_at) WHERE status = 'queued';

CREATE TABLE jobs (id bigserial PRIMARY KEY, status text NOT NULL DEFAULT 'queued', run_at timestamptz NOT NULL DEFAULT now());
CREATE INDEX jobs_runnable ON jobs (run_at) WHERE status = 'queued';

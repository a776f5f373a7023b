CREATE TABLE jobs (id bigserial PRIMARY KEY, status text NOT NULL DEFAULT 'queued', attempts int NOT NULL DEFAULT 0,
  max_attempts int NOT NULL DEFAULT 5, run_at timestamptz NOT NULL DEFAULT now(), locked_until timestamptz, payload jsonb NOT NULL);
CREATE INDEX jobs_runnable ON jobs (run_at) WHERE status = 'queued';

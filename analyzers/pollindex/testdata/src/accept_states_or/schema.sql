CREATE TABLE jobs (
  id bigserial PRIMARY KEY,
  status text NOT NULL DEFAULT 'queued',
  run_at timestamptz NOT NULL DEFAULT now(),
  locked_until timestamptz
);
CREATE INDEX jobs_live ON jobs (run_at) WHERE status IN ('queued', 'running');

CREATE TABLE jobs (
  id bigserial PRIMARY KEY,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'done', 'failed')),
  run_at timestamptz NOT NULL DEFAULT now(),
  locked_until timestamptz
);
CREATE INDEX jobs_unfinished ON jobs (run_at) WHERE status <> 'done' AND status <> 'failed';

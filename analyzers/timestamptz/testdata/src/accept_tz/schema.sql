-- The review's fix: timestamptz everywhere.
CREATE TABLE jobs (
  id bigserial PRIMARY KEY,
  status text NOT NULL DEFAULT 'queued',
  run_at timestamptz NOT NULL DEFAULT now(),
  locked_until timestamp with time zone,
  finished_at timestamptz(3)
);
CREATE INDEX jobs_poll ON jobs (run_at) WHERE status = 'queued';

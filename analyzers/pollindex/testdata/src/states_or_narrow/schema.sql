CREATE TABLE jobs ( -- want `no index serves the poll on jobs\nthe poll: WHERE status = 'queued' OR \(status = 'running' AND locked_until < now\(\)\) ORDER BY run_at; .*add in a new migration, CONCURRENTLY .*: CREATE INDEX CONCURRENTLY jobs_poll_idx ON jobs \(run_at\) WHERE status IN \('queued', 'running'\)`
  id bigserial PRIMARY KEY,
  status text NOT NULL DEFAULT 'queued',
  run_at timestamptz NOT NULL DEFAULT now(),
  locked_until timestamptz
);
CREATE INDEX jobs_queued ON jobs (run_at) WHERE status = 'queued';

CREATE TABLE jobs ( -- want `no index serves the poll on jobs\nthe poll: WHERE j.status <> 'done' AND \(j.locked_until IS NULL OR j.locked_until < now\(\)\) ORDER BY j.run_at; every poll walks.*the existing index jobs_status_run_at_idx \(status, run_at\) does not help; add in a new migration, CONCURRENTLY .*: CREATE INDEX CONCURRENTLY jobs_poll_idx ON jobs \(run_at\) WHERE status <> 'done'`
  id bigserial PRIMARY KEY,
  status text NOT NULL DEFAULT 'queued',
  run_at timestamptz NOT NULL DEFAULT now(),
  locked_until timestamptz
);
CREATE INDEX ON jobs (status, run_at);

CREATE TABLE jobs ( -- want `no index serves the poll on jobs \(WHERE status = 'queued' AND run_at <= now\(\) ORDER BY run_at\)\n.*the existing index jobs_kind_idx \(kind\) does not help; add in a new migration, CONCURRENTLY .*: CREATE INDEX CONCURRENTLY jobs_poll_idx ON jobs \(run_at\) WHERE status = 'queued'`
  id bigserial PRIMARY KEY,
  kind text NOT NULL,
  status text NOT NULL DEFAULT 'queued',
  run_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX jobs_kind_idx ON jobs (kind);

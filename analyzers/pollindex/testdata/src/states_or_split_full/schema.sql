CREATE TABLE jobs ( -- want `no index serves the poll on jobs`
  id bigserial PRIMARY KEY,
  status text NOT NULL DEFAULT 'queued',
  run_at timestamptz NOT NULL DEFAULT now(),
  locked_until timestamptz
);
CREATE INDEX jobs_queued ON jobs (run_at) WHERE status = 'queued';
CREATE INDEX jobs_lease ON jobs (locked_until);

CREATE TABLE jobs ( -- want `no index serves the poll on jobs`
  id bigserial PRIMARY KEY,
  status text NOT NULL DEFAULT 'queued',
  run_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE INDEX jobs_run_at_idx ON jobs (run_at);

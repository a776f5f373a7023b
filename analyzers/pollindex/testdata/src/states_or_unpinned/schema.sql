CREATE TABLE jobs ( -- want `no index serves the poll on jobs`
  id bigserial PRIMARY KEY,
  status text NOT NULL DEFAULT 'queued',
  locked_until timestamptz,
  run_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX jobs_status ON jobs (status);

CREATE TABLE jobs ( -- want `no index serves the poll on jobs`
  key text NOT NULL,
  kind text NOT NULL,
  status text NOT NULL DEFAULT 'queued',
  run_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX jobs_key_idx ON jobs (lower(key));

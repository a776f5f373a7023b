CREATE TABLE jobs (
  id bigserial PRIMARY KEY,
  status text NOT NULL DEFAULT 'queued',
  run_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz
);
CREATE INDEX jobs_poll_idx ON jobs (run_at) WHERE status = 'queued';

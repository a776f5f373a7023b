CREATE TABLE jobs (
  id bigserial PRIMARY KEY,
  queue text NOT NULL,
  kind text NOT NULL,
  status text NOT NULL DEFAULT 'queued',
  run_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX jobs_poll ON jobs (queue, status, run_at);

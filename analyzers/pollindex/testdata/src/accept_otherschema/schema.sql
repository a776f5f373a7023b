CREATE TABLE jobs (
  id bigserial PRIMARY KEY,
  queue text NOT NULL,
  state text NOT NULL DEFAULT 'available',
  run_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX jobs_available ON jobs (queue, run_at) WHERE state = 'available';

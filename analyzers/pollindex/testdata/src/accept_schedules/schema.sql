CREATE TABLE jobs (
  id bigserial PRIMARY KEY,
  kind text NOT NULL,
  status text NOT NULL DEFAULT 'queued',
  run_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX jobs_poll_idx ON jobs (run_at) WHERE status = 'queued';

-- One row per named schedule: registering a schedule again replaces its row.
CREATE TABLE schedules (
  name text PRIMARY KEY,
  spec text NOT NULL,
  paused boolean NOT NULL DEFAULT false,
  next_run_at timestamptz NOT NULL
);

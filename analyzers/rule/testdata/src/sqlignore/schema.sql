CREATE TABLE jobs (
  id bigserial PRIMARY KEY,
  status text NOT NULL DEFAULT 'queued',
  -- jobqlint:ignore timestamptz every session of this database runs in UTC (ALTER DATABASE ... SET timezone)
  run_at timestamp NOT NULL DEFAULT now(),
  created_at timestamp NOT NULL DEFAULT now(), -- jobqlint:ignore timestamptz
  finished_at timestamp, -- want "jobs.finished_at is timestamp without time zone"
  -- jobqlint:ignore timestamptz was timestamp once -- want "jobqlint:ignore timestamptz was timestamp once suppresses nothing"
  failed_at timestamptz
);
CREATE INDEX jobs_poll ON jobs (run_at) WHERE status = 'queued';

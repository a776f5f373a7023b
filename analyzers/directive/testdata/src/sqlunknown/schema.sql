CREATE TABLE jobs (
  id bigserial PRIMARY KEY,
  status text NOT NULL DEFAULT 'queued',
  -- jobqlint:ignore timestampz sessions are UTC -- want "\"timestampz\" is not a jobqlint rule"
  run_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX jobs_poll ON jobs (run_at) WHERE status = 'queued';

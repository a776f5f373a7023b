CREATE TABLE jobs (
  id bigserial PRIMARY KEY,
  kind text NOT NULL,
  payload jsonb NOT NULL,
  status text NOT NULL DEFAULT 'queued',
  attempts int NOT NULL DEFAULT 0,
  run_at timestamp NOT NULL DEFAULT now(), -- want `jobs.run_at is timestamp without time zone\nits default now\(\) is stored as the writer's local time .* use timestamptz`
  created_at timestamp without time zone NOT NULL DEFAULT now() -- an audit column: no statement compares it with a time
);
CREATE INDEX jobs_status_run_at ON jobs (status, run_at);

CREATE TABLE jobs (
  id bigserial PRIMARY KEY,
  kind text NOT NULL,
  status text NOT NULL DEFAULT 'queued',
  run_at timestamp NOT NULL DEFAULT now(), -- want `jobs.run_at is timestamp without time zone`
  locked_until timestamp without time zone, -- want `jobs.locked_until is timestamp without time zone`
  created_at timestamp NOT NULL DEFAULT now(),
  finished_at timestamp
);
CREATE INDEX jobs_poll ON jobs (run_at) WHERE status = 'queued';

CREATE TABLE jobs (
  id bigserial PRIMARY KEY,
  status text NOT NULL DEFAULT 'queued',
  run_at timestamp NOT NULL -- want `jobs.run_at is timestamp without time zone`
);

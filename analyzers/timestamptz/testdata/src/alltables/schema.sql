CREATE TABLE jobs (
  id bigserial PRIMARY KEY,
  status text NOT NULL DEFAULT 'queued',
  run_at timestamp NOT NULL DEFAULT now() -- want `jobs.run_at is timestamp without time zone`
);
CREATE TABLE audit (
  id bigserial PRIMARY KEY,
  job_id bigint NOT NULL,
  at timestamp NOT NULL DEFAULT now() -- want `audit.at is timestamp without time zone`
);

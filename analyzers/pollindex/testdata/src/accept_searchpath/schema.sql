CREATE SCHEMA queue;
CREATE TABLE queue.jobs (
  id bigserial PRIMARY KEY,
  status text NOT NULL DEFAULT 'queued',
  run_at timestamptz NOT NULL DEFAULT now()
);
-- The index goes on queue.jobs: jobs is looked up along the search_path.
SET search_path TO queue;
CREATE INDEX jobs_poll ON jobs (run_at) WHERE status = 'queued';

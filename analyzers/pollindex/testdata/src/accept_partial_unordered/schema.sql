CREATE TABLE jobs (id bigserial PRIMARY KEY, queue text NOT NULL, status text NOT NULL DEFAULT 'queued', run_at timestamptz NOT NULL DEFAULT now());
CREATE INDEX jobs_queued_idx ON jobs (queue) WHERE status = 'queued';

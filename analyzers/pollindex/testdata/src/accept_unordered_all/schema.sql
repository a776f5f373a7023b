CREATE TABLE jobs (id bigserial PRIMARY KEY, queue text NOT NULL, status text NOT NULL DEFAULT 'queued', run_at timestamptz NOT NULL DEFAULT now());
CREATE INDEX jobs_queue_status_idx ON jobs (queue, status);

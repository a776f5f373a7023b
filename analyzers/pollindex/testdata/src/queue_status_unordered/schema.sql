CREATE TABLE jobs (id bigserial PRIMARY KEY, queue text NOT NULL, status text NOT NULL DEFAULT 'queued', run_at timestamptz NOT NULL DEFAULT now()); -- want `the index jobs_queue_status_idx .* finds the runnable rows of the poll on jobs .* but not in its order`
CREATE INDEX jobs_queue_status_idx ON jobs (queue, status);

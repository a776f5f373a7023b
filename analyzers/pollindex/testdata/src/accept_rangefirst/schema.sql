CREATE TABLE jobs (id bigserial PRIMARY KEY, queue text NOT NULL, priority smallint NOT NULL DEFAULT 0, run_at timestamptz NOT NULL);
CREATE INDEX jobs_selector_idx ON jobs (queue, run_at, priority);

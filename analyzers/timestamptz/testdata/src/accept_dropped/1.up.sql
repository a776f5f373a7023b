CREATE TABLE jobs (id bigserial PRIMARY KEY, status text NOT NULL, run_at timestamptz NOT NULL, legacy_at timestamp);
CREATE INDEX ON jobs (run_at) WHERE status = 'queued';
